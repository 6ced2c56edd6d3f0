import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorCard } from '@/components/error-card';
import { ProgressBar } from '@/components/progress-bar';
import { Screen } from '@/components/screen';
import { getErrorMessage } from '@/lib/error-message';
import { useCan } from '@/lib/permissions';
import {
  useCommitMemberUpload,
  useMemberUpload,
  useUploadMembersFile,
  useValidateMemberUpload,
} from '../api/upload-members';
import { UploadFilePicker } from '../components/upload-file-picker';
import { UploadMapping } from '../components/upload-mapping';
import { UploadPreview } from '../components/upload-preview';
import { UploadProgress } from '../components/upload-progress';
import { UploadReport } from '../components/upload-report';
import { stepOf, uploadStepLabels, uploadSteps, type UploadStep } from '../utils/upload-steps';

/** The upload in progress lives in the URL (?upload=id): a refresh or another tab finds it. */
const uploadParam = 'upload';

export function MembersUploadRoute() {
  const canEdit = useCan('members.edit');
  const [searchParams, setSearchParams] = useSearchParams();
  const uploadId = searchParams.get(uploadParam);
  const setUploadId = (id: string | null) =>
    setSearchParams(id ? { [uploadParam]: id } : {}, { replace: false });

  return (
    <Screen
      title="Members CSV upload"
      description="Import members from a CSV file: map its columns, check every row (each invalid one with its line and reason), then commit."
    >
      {!canEdit ? (
        <p className="text-sm text-slate-700">
          Your operator roles do not allow uploading members (it needs members.edit).
        </p>
      ) : uploadId ? (
        <UploadSteps key={uploadId} uploadId={uploadId} onRestart={() => setUploadId(null)} />
      ) : (
        <ChooseFile onUploaded={setUploadId} />
      )}
    </Screen>
  );
}

function StepList({ current }: { current: UploadStep }) {
  const currentIndex = uploadSteps.indexOf(current);
  return (
    <ol className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Steps">
      {uploadSteps.map((step, index) => (
        <li
          key={step}
          aria-current={step === current ? 'step' : undefined}
          className={
            step === current
              ? 'font-semibold text-sky-800'
              : index < currentIndex
                ? 'text-slate-700'
                : 'text-slate-400'
          }
        >
          {index + 1}. {uploadStepLabels[step]}
        </li>
      ))}
    </ol>
  );
}

function ChooseFile({ onUploaded }: { onUploaded: (id: string) => void }) {
  const upload = useUploadMembersFile();
  return (
    <div className="flex flex-col gap-4">
      <StepList current="choose" />
      <UploadFilePicker
        isBusy={upload.isPending}
        onFile={(file) => upload.mutate(file, { onSuccess: (created) => onUploaded(created.id) })}
      />
      {upload.isPending ? <ProgressBar label="Uploading the file" /> : null}
      {upload.isError ? <ErrorCard message={getErrorMessage(upload.error)} /> : null}
    </div>
  );
}

function UploadSteps({ uploadId, onRestart }: { uploadId: string; onRestart: () => void }) {
  const validate = useValidateMemberUpload(uploadId);
  const commit = useCommitMemberUpload(uploadId);
  const isRunning = validate.isPending || commit.isPending;
  const query = useMemberUpload(uploadId, isRunning);
  const [isRemapping, setIsRemapping] = useState(false);
  const upload = query.data;

  if (query.isError) {
    return (
      <div className="flex flex-col gap-4">
        <ErrorCard message={getErrorMessage(query.error)} />
        <button
          type="button"
          className="self-start text-sm text-sky-700 underline"
          onClick={onRestart}
        >
          Start again with another file
        </button>
      </div>
    );
  }
  if (!upload) return <ProgressBar label="Loading the upload" />;

  const serverStep = stepOf(upload);
  const step: UploadStep = isRemapping && serverStep === 'preview' ? 'map' : serverStep;
  const isBusy = isRunning || upload.status === 'validating' || upload.status === 'committing';
  const stepError = validate.error ?? commit.error;

  return (
    <div className="flex flex-col gap-4">
      <StepList current={step} />
      {isBusy ? <UploadProgress progress={upload.progress} /> : null}
      {stepError ? <ErrorCard message={getErrorMessage(stepError)} /> : null}
      {!stepError && upload.error && !isBusy ? <ErrorCard message={upload.error} /> : null}
      {step === 'map' ? (
        <UploadMapping
          upload={upload}
          isBusy={isBusy}
          onRestart={onRestart}
          onValidate={(mapping) => {
            commit.reset();
            validate.mutate(mapping, { onSuccess: () => setIsRemapping(false) });
          }}
        />
      ) : null}
      {step === 'preview' ? (
        <UploadPreview
          upload={upload}
          isBusy={isBusy}
          canCommit
          onCommit={(mode) => {
            validate.reset();
            commit.mutate(mode);
          }}
          onRemap={() => {
            commit.reset();
            setIsRemapping(true);
          }}
        />
      ) : null}
      {step === 'report' ? <UploadReport upload={upload} onAnother={onRestart} /> : null}
    </div>
  );
}

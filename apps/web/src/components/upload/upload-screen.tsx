import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorCard } from '@ops/ui/error-card';
import { ProgressBar } from '@/components/progress-bar';
import { Screen } from '@/components/screen';
import { useCommitUpload } from '@/lib/api/uploads/commit-upload';
import { useUpload } from '@/lib/api/uploads/get-upload';
import { useUploadFile } from '@/lib/api/uploads/upload-file';
import { useValidateUpload } from '@/lib/api/uploads/validate-upload';
import { getErrorMessage } from '@ops/ui/error-message';
import { useCan } from '@/lib/permissions';
import type { UploadDefinition } from './upload-definition';
import { FileDropZone } from './file-drop-zone';
import { UploadMapping } from './upload-mapping';
import { UploadPreview } from './upload-preview';
import { UploadProgress } from './upload-progress';
import { UploadReport } from './upload-report';
import { stepOf, uploadStepLabels, uploadSteps, type UploadStep } from './upload-steps';

/** The upload in progress lives in the URL (?upload=id): a refresh or another tab finds it. */
const uploadParam = 'upload';

/** A whole CSV import screen: choose → map → check and commit → report. */
export function UploadScreen({ definition }: { definition: UploadDefinition }) {
  const canEdit = useCan(definition.permission);
  const [searchParams, setSearchParams] = useSearchParams();
  const uploadId = searchParams.get(uploadParam);
  const setUploadId = (id: string | null) =>
    setSearchParams(id ? { [uploadParam]: id } : {}, { replace: false });

  return (
    <Screen title={definition.title} description={definition.description}>
      {!canEdit ? (
        <p className="text-sm text-slate-700">
          Your operator roles do not allow {definition.permissionNoun} (it needs{' '}
          {definition.permission}).
        </p>
      ) : uploadId ? (
        <UploadSteps
          key={uploadId}
          definition={definition}
          uploadId={uploadId}
          onRestart={() => setUploadId(null)}
        />
      ) : (
        <ChooseFile definition={definition} onUploaded={setUploadId} />
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
                : // Upcoming: lighter than done, still 4.5:1 on white (slate-400 is 2.6:1).
                  'text-slate-500'
          }
        >
          {index + 1}. {uploadStepLabels[step]}
        </li>
      ))}
    </ol>
  );
}

function ChooseFile({
  definition,
  onUploaded,
}: {
  definition: UploadDefinition;
  onUploaded: (id: string) => void;
}) {
  const upload = useUploadFile(definition.api);
  return (
    <div className="flex flex-col gap-4">
      <StepList current="choose" />
      <FileDropZone
        isBusy={upload.isPending}
        isMultiple={false}
        accept=".csv,.txt,text/csv"
        prompt={upload.isPending ? 'Uploading…' : 'Drop a CSV file here, or'}
        chooseLabel="Choose a CSV file"
        help={definition.fileHelp}
        onFiles={([file]) => {
          if (file) upload.mutate(file, { onSuccess: (created) => onUploaded(created.id) });
        }}
      />
      {upload.isPending ? <ProgressBar label="Uploading the file" /> : null}
      {upload.isError ? <ErrorCard message={getErrorMessage(upload.error)} /> : null}
    </div>
  );
}

function UploadSteps({
  definition,
  uploadId,
  onRestart,
}: {
  definition: UploadDefinition;
  uploadId: string;
  onRestart: () => void;
}) {
  const validate = useValidateUpload(definition.api, uploadId);
  const commit = useCommitUpload(definition.api, uploadId);
  const isRunning = validate.isPending || commit.isPending;
  const query = useUpload(definition.api, definition.followUpKey, uploadId, isRunning);
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
  // The follow-up of a commit (search index, certificates) shows its progress on the report.
  const isFollowingUp = upload.status === 'committed' && upload.progress !== null;
  const stepError = validate.error ?? commit.error;

  return (
    <div className="flex flex-col gap-4">
      <StepList current={step} />
      {isBusy || isFollowingUp ? <UploadProgress progress={upload.progress} /> : null}
      {stepError ? <ErrorCard message={getErrorMessage(stepError)} /> : null}
      {!stepError && upload.error && !isBusy ? <ErrorCard message={upload.error} /> : null}
      {step === 'map' ? (
        <UploadMapping
          definition={definition}
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
          definition={definition}
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
      {step === 'report' ? (
        <UploadReport definition={definition} upload={upload} onAnother={onRestart} />
      ) : null}
    </div>
  );
}

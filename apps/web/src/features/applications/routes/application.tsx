import { DetailScreen } from '@/components/detail/detail-screen';
import { historyTab } from '@/components/detail/history-tab';
import { DetailTabs } from '@/components/detail/detail-tabs';
import { NotesOverview, NotesPanel } from '@/components/notes';
import { Screen } from '@/components/screen';
import { useCan } from '@/lib/permissions';
import { useApplication, useApplicationFollowChanges } from '../api/get-application';
import { ApplicationDocuments } from '../components/application-documents';
import { Badge } from '@/components/badge';
import { applicationFieldLabels, applicationSourceLabels } from '../components/application-labels';
import { ApplicationOverview } from '../components/application-overview';
import { ApplicationStatusBadge } from '../components/application-status-badge';
import { ApplicationWorkflow } from '../components/application-workflow';
import { PossibleDuplicatesNotice } from '../components/possible-duplicates-notice';
import { OrganisationSummary } from '@/components/organisation-summary';

/**
 * One application beside the list: its company, contacts, endorsement and outcome (Overview),
 * its documents with inline previews and uploads (Documents), its audit trail (History), and
 * the review steps its status allows. It follows changes made by anyone else as they happen.
 */
export function ApplicationRoute({ aid }: { aid: string }) {
  const application = useApplication(aid);
  useApplicationFollowChanges(aid);
  const canReview = useCan('applications.review');
  return (
    <DetailScreen
      query={application}
      noun="application"
      missingDescription={`There is no application ${aid}.`}
    >
      {(data) => {
        const storedCount = data.documents.filter((document) => document.isStored).length;
        return (
          <Screen
            title={data.legalName}
            description={
              <span className="inline-flex flex-wrap items-center gap-2">
                <OrganisationSummary of={data} category={data.category} />
                <ApplicationStatusBadge status={data.status} />
                {data.source === 'online' ? (
                  <Badge tone="sky">{applicationSourceLabels.online}</Badge>
                ) : null}
              </span>
            }
          >
            {/* Keyed by application: a step's result belongs to the application it was taken on. */}
            <PossibleDuplicatesNotice application={data} />
            {canReview ? <ApplicationWorkflow key={data.aid} application={data} /> : null}
            <DetailTabs
              label="Application"
              tabs={[
                {
                  id: 'overview',
                  label: 'Overview',
                  content: (
                    <div className="flex flex-col gap-5">
                      <ApplicationOverview application={data} />
                      <NotesOverview table="applications" recordId={data.aid} />
                    </div>
                  ),
                },
                {
                  id: 'documents',
                  label: `Documents (${data.documents.length}${storedCount < data.documents.length ? `, ${storedCount} on file` : ''})`,
                  content: (
                    <ApplicationDocuments key={data.aid} application={data} canReview={canReview} />
                  ),
                },
                {
                  id: 'notes',
                  label: 'Notes',
                  content: <NotesPanel key={data.aid} table="applications" recordId={data.aid} />,
                },
                historyTab('applications', data.aid, applicationFieldLabels),
              ]}
            />
          </Screen>
        );
      }}
    </DetailScreen>
  );
}

import { useNotesFollowChanges } from '@/lib/api/notes';
import { MyFollowUps } from './my-follow-ups';
import { MyMentions } from './my-mentions';

/**
 * The home screen's notes (issue 19): "My follow-ups" and "Mentions" side by side, following
 * the change feed once for both, so a note written, done or read anywhere shows at once.
 */
export function MyNotes() {
  useNotesFollowChanges();
  return (
    <div className="grid gap-3 lg:grid-cols-2">
      <MyFollowUps />
      <MyMentions />
    </div>
  );
}

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { TChangeRequestDetail } from '@ops/contract';
import { pendingRequest } from './change-request-fixtures';
import { DecideChangeRequest } from './decide-change-request';

function render(request: TChangeRequestDetail, canDecide: boolean) {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={[`/change-requests/${request.id}`]}>
        <DecideChangeRequest
          request={request}
          canDecide={canDecide}
          onReload={() => Promise.resolve(request)}
        />
      </MemoryRouter>
    </QueryClientProvider>,
  ).replaceAll('<!-- -->', '');
}

const buttons = (html: string) =>
  [...html.matchAll(/<button[^>]*>([^<]+)<\/button>/g)].map(([, label]) => label);

describe('DecideChangeRequest', () => {
  it('offers Approve, Edit then approve and Decline on a pending company-data request', () => {
    expect(buttons(render(pendingRequest, true))).toEqual([
      'Approve',
      'Edit then approve',
      'Decline',
    ]);
  });

  it('offers Approve (the resignation) and Decline on a request to close the account, no edit', () => {
    const html = render({ ...pendingRequest, kind: 'close-account', fields: [] }, true);
    expect(buttons(html)).toEqual(['Approve', 'Decline']);
  });

  it('says why an operator without members.edit cannot decide', () => {
    const html = render(pendingRequest, false);
    expect(buttons(html)).toEqual([]);
    expect(html).toContain(
      'Your operator roles do not allow deciding change requests (it needs members.edit).',
    );
  });

  it('offers nothing once the request is decided', () => {
    const html = render({ ...pendingRequest, status: 'declined' }, true);
    expect(buttons(html)).toEqual([]);
    expect(html).not.toContain('Your operator roles');
  });
});

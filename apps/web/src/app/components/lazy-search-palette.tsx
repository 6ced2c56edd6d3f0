import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@ops/ui/button';
import { ErrorCard } from '@ops/ui/error-card';
import { ChunkErrorBoundary } from '@/components/chunk-error-boundary';
import { getErrorMessage } from '@ops/ui/error-message';
import type { TypedAhead } from '@/features/search/components/search-palette';

// The palette (and what it brings: the search client, result rendering) is a chunk of its own,
// so that none of it weighs on the sign-in screen's first download (its budget is 150 KB gzip).
const loadSearchPalette = () => import('@/features/search/components/search-palette');

const SearchPalette = lazy(async () => ({ default: (await loadSearchPalette()).SearchPalette }));

/**
 * Fetches the palette's chunk once the browser is idle. Only the console calls this (the shell
 * renders behind the sign-in gate), so a signed-out visitor never downloads it, while an
 * operator's first Ctrl+K opens the palette at once, with its opening transition, instead of
 * waiting for the network. The module loader keeps the one download for `lazy` above.
 */
export function usePreloadSearchPalette(): void {
  useEffect(() => {
    const preload = () => {
      // A failure here is not worth reporting: opening the palette tries again and says so.
      loadSearchPalette().catch(() => undefined);
    };
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(preload, { timeout: 5_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(preload, 2_000); // Safari has no requestIdleCallback
    return () => window.clearTimeout(id);
  }, []);
}

export type LazySearchPaletteProps = { open: boolean; onClose: () => void };

/**
 * The search palette, loaded on demand. It mounts when first opened and stays mounted after, so
 * its closing transition plays and it keeps whatever it caches; until then none of its hooks run.
 */
export function LazySearchPalette({ open, onClose }: LazySearchPaletteProps) {
  const [hasPaletteBeenOpened, setHasPaletteBeenOpened] = useState(open);
  if (open && !hasPaletteBeenOpened) setHasPaletteBeenOpened(true);
  const typedAhead = useTypedAhead(open);
  if (!hasPaletteBeenOpened) return null;
  return (
    <ChunkErrorBoundary
      fallback={(error) =>
        open ? (
          <div className="fixed inset-x-4 top-4 z-50 mx-auto max-w-md">
            <ErrorCard
              message={`The search could not be loaded (${getErrorMessage(error)}). Reload the page to try again.`}
            >
              <Button variant="secondary" onClick={onClose}>
                Close
              </Button>
            </ErrorCard>
          </div>
        ) : null
      }
    >
      <Suspense fallback={null}>
        <SearchPalette open={open} onClose={onClose} typedAhead={typedAhead} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}

/**
 * People type right after Ctrl+K. Until the palette's field has the focus (its code may still be
 * on its way, and opening takes a frame), the letters would land nowhere: they are kept here and
 * the field starts with them.
 */
function useTypedAhead(open: boolean): TypedAhead {
  const buffer = useRef('');
  const field = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    if (!open) return;
    const keep = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const isInField = target?.tagName === 'INPUT' || target?.tagName === 'TEXTAREA';
      if (isInField || event.ctrlKey || event.metaKey || event.altKey) return;
      const isTyping = event.key.length === 1 || event.key === 'Backspace';
      if (field.current?.isConnected) {
        // The palette has taken the letters kept so far; a key pressed while its field lost the
        // focus goes to the field (focused during keydown, the browser types the letter into it).
        if (isTyping) field.current.focus();
        return;
      }
      if (event.key.length === 1) {
        buffer.current += event.key;
        event.preventDefault();
      } else if (event.key === 'Backspace') {
        buffer.current = buffer.current.slice(0, -1);
        event.preventDefault();
      }
    };
    document.addEventListener('keydown', keep, true);
    return () => {
      document.removeEventListener('keydown', keep, true);
      buffer.current = '';
      field.current = null;
    };
  }, [open]);
  return useMemo(
    () => ({
      read: () => buffer.current,
      handOver: (input) => {
        field.current = input;
      },
    }),
    [],
  );
}

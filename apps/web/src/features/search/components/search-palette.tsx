export type SearchPaletteProps = {
  /** Whether the palette is shown; the shell owns this state (Ctrl+K / Cmd+K, the sidebar button). */
  open: boolean;
  /** Called when the palette asks to close (Escape, a click outside, a result chosen). */
  onClose: () => void;
};

/** Spec §2 "Search palette". Being written (issue 4); the shell already renders it. */
export function SearchPalette({ open }: SearchPaletteProps) {
  return open ? null : null;
}

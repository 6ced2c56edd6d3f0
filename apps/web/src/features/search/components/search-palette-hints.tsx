/** The palette's footer: which keys move, open and close. */
export function SearchPaletteHints() {
  return (
    <p className="flex gap-4 border-t border-slate-200 bg-slate-50 px-4 py-2 text-xs text-slate-600">
      <span>
        <Key>↑</Key> <Key>↓</Key> to move
      </span>
      <span>
        <Key>Enter</Key> to open (the first by default)
      </span>
      <span>
        <Key>Esc</Key> to close
      </span>
    </p>
  );
}

function Key({ children }: { children: string }) {
  return (
    <kbd className="rounded border border-slate-300 bg-white px-1 font-sans text-[0.7rem] text-slate-700">
      {children}
    </kbd>
  );
}

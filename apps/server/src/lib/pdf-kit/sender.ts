import { accent, margin, muted, type Canvas } from './canvas';

/** Who sends a document: a name and the lines of an address. */
export type Sender = { name: string; lines: string[] };

/** A sender from a name and an address written on one line ("Rue 1, 1201 Genève") or several. */
export function senderOf(name: string, address: string): Sender {
  return { name, lines: address.split(/\s*[,\n]\s*/).filter(Boolean) };
}

/** The sender top left (name in the accent colour, address muted); answers the y below it. */
export function drawSender({ write }: Canvas, sender: Sender): number {
  let y = write(sender.name, margin, margin, {
    weight: 'bold',
    size: 11,
    color: accent,
    width: 280,
  });
  for (const line of sender.lines) y = write(line, margin, y, { color: muted, width: 280 });
  return y;
}

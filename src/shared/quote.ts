/** Quotes a name for a message, shortening very long ones so a message stays one readable line. */
export function quote(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);
}

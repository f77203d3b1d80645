/** The text of every page of a PDF, as pdf.js reads it (API tests and browser tests check reports with it). */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(bytes), useSystemFonts: false });
  const doc = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? `${i.str}${i.hasEOL ? '\n' : ''}` : '')).join(''));
  }
  await task.destroy();
  return pages.join('\n');
}

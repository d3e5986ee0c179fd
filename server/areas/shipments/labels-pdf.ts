import { PDFDocument } from "pdf-lib";

/** One PDF of several labels (each a PDF from the carrier), their pages in the order given. */
export async function mergeLabels(labels: readonly Uint8Array[]): Promise<Uint8Array> {
  if (labels.length === 1 && labels[0]) return labels[0];
  const merged = await PDFDocument.create();
  merged.setTitle(`Etykiety (${labels.length})`);
  for (const label of labels) {
    const source = await PDFDocument.load(label);
    const pages = await merged.copyPages(source, source.getPageIndices());
    for (const page of pages) merged.addPage(page);
  }
  return merged.save();
}

import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from "pdf-lib";
import { siteSeed } from "../seed/content/site.ts";

/** The supplier named on every generated PDF: the site's own company and address (its contact details). */
const contact = siteSeed("nl").contactDetails;
export const SUPPLIER = {
  name: contact?.organisation ?? "Van Dam Dranken B.V.",
  address: contact ? `${contact.street}, ${contact.postalCode} ${contact.city}` : "",
  street: contact?.street ?? "Houtveldweg 12",
  postalCode: contact?.postalCode ?? "1505 AA",
  city: contact?.city ?? "Zaandam",
  kvkNumber: "34123456",
  vatNumber: "NL001234567B01",
  iban: "NL91 ABNA 0417 1643 00",
};

/** Metadata dates are fixed so the same data always renders to the same bytes. */
const FIXED_DATE = new Date(Date.UTC(2026, 0, 1));

/**
 * A top-to-bottom text writer on A4 pages with the standard Helvetica fonts (no font files needed;
 * they cover the WinAnsi set, including € and accented letters).
 */
export class PdfWriter {
  readonly doc: PDFDocument;
  private page: PDFPage;
  private y: number;
  private readonly regular: PDFFont;
  private readonly bold: PDFFont;

  private constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
    this.doc = doc;
    this.regular = regular;
    this.bold = bold;
    this.page = doc.addPage([595.28, 841.89]);
    this.y = 790;
  }

  static async create(title: string): Promise<PdfWriter> {
    const doc = await PDFDocument.create({ updateMetadata: false });
    doc.setTitle(title);
    doc.setAuthor(SUPPLIER.name);
    doc.setCreationDate(FIXED_DATE);
    doc.setModificationDate(FIXED_DATE);
    const writer = new PdfWriter(doc, await doc.embedFont(StandardFonts.Helvetica), await doc.embedFont(StandardFonts.HelveticaBold));
    writer.header();
    return writer;
  }

  private header(): void {
    this.text(SUPPLIER.name, { bold: true, size: 14 });
    this.text(SUPPLIER.address, { size: 9 });
    this.text(`KvK ${SUPPLIER.kvkNumber} · BTW ${SUPPLIER.vatNumber} · IBAN ${SUPPLIER.iban}`, { size: 9 });
    this.gap(18);
  }

  gap(points: number): void {
    this.y -= points;
  }

  /** Writes one line; a `right` text is right-aligned on the same line. */
  text(value: string, options: { bold?: boolean; size?: number; x?: number; right?: string } = {}): void {
    const size = options.size ?? 10;
    if (this.y < 60) {
      this.page = this.doc.addPage([595.28, 841.89]);
      this.y = 790;
    }
    const font = options.bold ? this.bold : this.regular;
    this.page.drawText(value, { x: options.x ?? 50, y: this.y, size, font, color: rgb(0.1, 0.1, 0.1) });
    if (options.right !== undefined) {
      const width = font.widthOfTextAtSize(options.right, size);
      this.page.drawText(options.right, { x: 545 - width, y: this.y, size, font, color: rgb(0.1, 0.1, 0.1) });
    }
    this.y -= size + 6;
  }

  rule(): void {
    this.page.drawLine({ start: { x: 50, y: this.y + 8 }, end: { x: 545, y: this.y + 8 }, thickness: 0.5, color: rgb(0.6, 0.6, 0.6) });
    this.y -= 4;
  }

  async bytes(): Promise<Uint8Array> {
    return this.doc.save();
  }
}

/** Euro amount for print: `€ 1.234,56` (nl) or `€1,234.56` (en). */
export const euro = (cents: number, lang: "nl" | "en"): string =>
  new Intl.NumberFormat(lang === "en" ? "en-US" : "nl-NL", { style: "currency", currency: "EUR" })
    .format(cents / 100)
    // Narrow no-break spaces are outside WinAnsi; print a plain space.
    .replace(/[\u00a0\u202f]/g, " ");

import type { ReceivedInvoice, SimulatorSession } from "./state";

// The UPO (official receipt, schema upo-v4-3.xsd) of one accepted invoice, shaped as the example in
// reference/ksef/schemy/upo-example.xml. The schema fixes the receiver's name to "Ministerstwo
// Finansów"; the simulator's UPOs are told apart by never coming from a Ministry environment.

function escapeXml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");
}

export function invoiceUpo(session: SimulatorSession, invoice: ReceivedInvoice): string {
  const received = invoice.receivedAt.toISOString();
  return `<?xml version="1.0" encoding="utf-8"?>
<Potwierdzenie xmlns="http://upo.schematy.mf.gov.pl/KSeF/v4-3">
  <NazwaPodmiotuPrzyjmujacego>Ministerstwo Finansów</NazwaPodmiotuPrzyjmujacego>
  <NumerReferencyjnySesji>${session.reference}</NumerReferencyjnySesji>
  <Uwierzytelnienie>
    <IdKontekstu>
      <Nip>${session.nip}</Nip>
    </IdKontekstu>
    <SkrotDokumentuUwierzytelniajacego>${invoice.invoiceHash}</SkrotDokumentuUwierzytelniajacego>
  </Uwierzytelnienie>
  <NazwaStrukturyLogicznej>Schemat_FA(3)_v1-0E.xsd</NazwaStrukturyLogicznej>
  <KodFormularza>FA (3)</KodFormularza>
  <Dokument>
    <NipSprzedawcy>${session.nip}</NipSprzedawcy>
    <NumerKSeFDokumentu>${invoice.ksefNumber}</NumerKSeFDokumentu>
    <NumerFaktury>${escapeXml(invoice.invoiceNumber ?? "")}</NumerFaktury>
    <DataWystawieniaFaktury>${invoice.issueDate ?? received.slice(0, 10)}</DataWystawieniaFaktury>
    <DataPrzeslaniaDokumentu>${received}</DataPrzeslaniaDokumentu>
    <DataNadaniaNumeruKSeF>${received}</DataNadaniaNumeruKSeF>
    <SkrotDokumentu>${invoice.invoiceHash}</SkrotDokumentu>
    <TrybWysylki>Online</TrybWysylki>
  </Dokument>
</Potwierdzenie>
`;
}

import type { Tint } from "./products";

// Demo content: header slides, static pages, blog articles, creators and games.
// All business data on these pages is a placeholder and marked as such.

export interface SlideDef {
  key: string;
  title: string;
  description: string;
  link: string | null;
  order: number;
  tint: Tint;
  label: string;
}

export const slideDefs: readonly SlideDef[] = [
  {
    key: "wyprawki",
    title: "Wyprawki szyte z miłością",
    description: "Kompletne wyprawki dla noworodka z certyfikowanej bawełny i minky – gotowe na prezent.",
    link: "/produkty?wyprawki=tak",
    order: 1,
    tint: "mietowy",
    label: "Wyprawki",
  },
  {
    key: "wyprzedaz",
    title: "Wyprzedaż do -20%",
    description:
      "Kocyki muślinowe, śpiworki do wózka i akcesoria w niższych cenach – tylko do wyczerpania zapasów.",
    link: "/produkty?wyprzedaz=tak",
    order: 2,
    tint: "rozowy",
    label: "Wyprzedaż",
  },
  {
    key: "zestawy",
    title: "Zestawy prezentowe",
    description: "Gotowe prezenty na Baby Shower, chrzciny i roczek – pakujemy w pudełko z kokardą.",
    link: "/produkty?zestawy=tak",
    order: 3,
    tint: "lawendowy",
    label: "Prezenty",
  },
];

export interface PageDef {
  link: string;
  title: string;
  content: string;
  protected: boolean;
}

const DEMO_NOTE =
  "<p><em>To jest sklep demonstracyjny. Dane firmy, adresy i numery poniżej są przykładowe – operator sklepu uzupełnia je w panelu „Strony”.</em></p>";

export const pageDefs: readonly PageDef[] = [
  {
    link: "o-nas",
    title: "O nas",
    protected: true,
    content: [
      "<h2>Szyjemy dla najmłodszych od 2016 roku</h2>",
      "<p>Szyciowo to mała, rodzinna pracownia krawiecka. Wszystko zaczęło się od kocyka uszytego dla naszej córki – dziś szyjemy kocyki, wyprawki, przytulanki i zestawy prezentowe dla rodzin z całej Polski.</p>",
      "<p>Każdy produkt powstaje ręcznie, od krojenia tkaniny po ostatnie przeszycie. Dzięki temu możemy dbać o detale, których nie znajdziesz w produkcji masowej: równą lamówkę, wzmocnione szwy i starannie dobrane kolory.</p>",
      "<h2>Bezpieczne tkaniny</h2>",
      "<p>Pracujemy wyłącznie na tkaninach z certyfikatami <strong>OEKO-TEX Standard 100</strong> i <strong>GOTS</strong>. Wypełnienia są antyalergiczne, a dodatki – bez BPA i ftalanów.</p>",
      "<ul><li>ręczne szycie w Polsce,</li><li>certyfikowane, bezpieczne tkaniny,</li><li>personalizacja haftem,</li><li>darmowa dostawa od 99 zł.</li></ul>",
      '<p>Masz pytanie albo pomysł na zamówienie indywidualne? Napisz do nas przez stronę <a href="/kontakt">Kontakt</a>.</p>',
    ].join(""),
  },
  {
    link: "kontakt",
    title: "Kontakt",
    protected: true,
    content: [
      DEMO_NOTE,
      "<h2>Dane sprzedawcy (przykładowe)</h2>",
      "<p><strong>Szyciowo Pracownia Krawiecka Anna Przykładowa (DEMO)</strong><br>ul. Przykładowa 1/2<br>00-001 Warszawa<br>NIP: 000-000-00-00 (przykładowy)<br>REGON: 000000000 (przykładowy)</p>",
      "<h2>Kontakt</h2>",
      '<p>E-mail: <a href="mailto:sklep@example.com">sklep@example.com</a><br>Telefon: +48 000 000 000 (numer przykładowy)<br>Godziny pracy: poniedziałek–piątek, 9:00–16:00</p>',
      "<p>Na wiadomości odpowiadamy zwykle w ciągu jednego dnia roboczego. Możesz też skorzystać z formularza poniżej.</p>",
    ].join(""),
  },
  {
    link: "polityka-prywatnosci",
    title: "Polityka prywatności",
    protected: true,
    content: [
      DEMO_NOTE,
      "<h2>1. Administrator danych</h2>",
      '<p>Administratorem danych osobowych jest operator sklepu wskazany na stronie <a href="/kontakt">Kontakt</a>. W sprawach danych osobowych można pisać na adres sklep@example.com.</p>',
      "<h2>2. Zakres i cele przetwarzania</h2>",
      "<ol><li>Realizacja zamówień i umów sprzedaży (art. 6 ust. 1 lit. b RODO) – imię i nazwisko, adres, e-mail, telefon, dane do faktury.</li><li>Prowadzenie konta klienta (art. 6 ust. 1 lit. b RODO).</li><li>Wystawianie faktur i prowadzenie księgowości (art. 6 ust. 1 lit. c RODO).</li><li>Obsługa zapytań z formularza kontaktowego (art. 6 ust. 1 lit. f RODO).</li></ol>",
      "<h2>3. Odbiorcy danych</h2>",
      "<p>Dane przekazujemy wyłącznie podmiotom, które pomagają nam zrealizować zamówienie: operatorowi płatności, firmom kurierskim i operatorowi paczkomatów, biuru rachunkowemu oraz dostawcy hostingu.</p>",
      "<h2>4. Okres przechowywania</h2>",
      "<p>Dane zamówień przechowujemy przez okres wymagany przepisami podatkowymi (5 lat od końca roku podatkowego), dane konta – do czasu jego usunięcia.</p>",
      "<h2>5. Prawa osób, których dane dotyczą</h2>",
      "<p>Masz prawo dostępu do danych, ich sprostowania, usunięcia, ograniczenia przetwarzania, przenoszenia, wniesienia sprzeciwu oraz skargi do Prezesa UODO.</p>",
      "<h2>6. Pliki cookies</h2>",
      "<p>Sklep używa plików cookies niezbędnych do działania koszyka, logowania i zapamiętania zgody na cookies. Możesz je usunąć w ustawieniach przeglądarki.</p>",
    ].join(""),
  },
  {
    link: "regulamin",
    title: "Regulamin sklepu",
    protected: true,
    content: [
      DEMO_NOTE,
      "<h2>§ 1. Postanowienia ogólne</h2>",
      "<ol><li>Sklep internetowy Szyciowo prowadzi sprzedaż ręcznie szytych artykułów dziecięcych i tkanin.</li><li>Regulamin określa zasady składania zamówień, płatności, dostawy, odstąpienia od umowy i reklamacji.</li><li>Ceny podane w sklepie są cenami brutto w złotych polskich i zawierają podatek VAT.</li></ol>",
      "<h2>§ 2. Składanie zamówień</h2>",
      "<ol><li>Zamówienia można składać przez całą dobę, z kontem klienta lub bez rejestracji.</li><li>Do złożenia zamówienia konieczne jest podanie danych odbiorcy, wybór sposobu dostawy i akceptacja regulaminu.</li><li>Umowa sprzedaży zostaje zawarta z chwilą otrzymania przez klienta potwierdzenia zamówienia na e-mail.</li></ol>",
      "<h2>§ 3. Płatności</h2>",
      "<ol><li>Płatności obsługuje zewnętrzny operator płatności internetowych.</li><li>Realizację zamówienia rozpoczynamy po zaksięgowaniu płatności.</li></ol>",
      "<h2>§ 4. Czas realizacji i dostawa</h2>",
      '<ol><li>Czas realizacji podany jest przy każdym produkcie (od 1–2 do 10–14 dni roboczych); dla całego zamówienia obowiązuje najdłuższy z nich.</li><li>Zasady i koszty dostawy opisuje strona <a href="/wysylka-i-platnosci">Wysyłka i płatności</a>.</li></ol>',
      "<h2>§ 5. Odstąpienie od umowy</h2>",
      "<ol><li>Konsument może odstąpić od umowy w terminie 14 dni od otrzymania towaru bez podania przyczyny.</li><li>Prawo odstąpienia nie przysługuje w przypadku produktów personalizowanych (np. z haftem imienia), wykonanych według specyfikacji klienta.</li><li>Zwrot płatności następuje w ciągu 14 dni od otrzymania oświadczenia o odstąpieniu.</li></ol>",
      "<h2>§ 6. Reklamacje</h2>",
      "<ol><li>Reklamacje można składać na adres e-mail sklepu lub pisemnie na adres wskazany na stronie Kontakt.</li><li>Odpowiadamy na reklamację w ciągu 14 dni.</li></ol>",
      "<h2>§ 7. Postanowienia końcowe</h2>",
      "<p>W sprawach nieuregulowanych regulaminem stosuje się przepisy prawa polskiego, w szczególności Kodeksu cywilnego i ustawy o prawach konsumenta.</p>",
    ].join(""),
  },
  {
    link: "wysylka-i-platnosci",
    title: "Wysyłka i płatności",
    protected: true,
    content: [
      "<h2>Sposoby dostawy</h2>",
      "<ul><li><strong>Paczkomat InPost</strong> – 9,99 zł</li><li><strong>Kurier</strong> – 14,99 zł</li><li><strong>Darmowa dostawa</strong> przy zamówieniach od 99 zł</li></ul>",
      "<p>Paczkę nadajemy po upływie czasu realizacji podanego przy produkcie. Dostawa trwa zwykle 1–2 dni robocze. Po nadaniu przesyłki otrzymasz e-mail z numerem i linkiem do śledzenia.</p>",
      "<h2>Płatności</h2>",
      "<p>Za zamówienie zapłacisz bezpiecznie przez bramkę płatniczą banku: szybkim przelewem, BLIKIEM lub kartą płatniczą. Nie przyjmujemy płatności za pobraniem.</p>",
      "<h2>Faktury</h2>",
      "<p>Do każdego zamówienia wystawiamy fakturę. Jeśli potrzebujesz faktury na firmę, podaj NIP w danych do faktury.</p>",
    ].join(""),
  },
  {
    link: "dev-info",
    title: "O aplikacji",
    protected: true,
    content: [
      "<h2>Sklep internetowy z rękodziełem krawieckim</h2>",
      "<p>Ta aplikacja to kompletny sklep internetowy dla małej pracowni krawieckiej: katalog produktów z kategoriami, filtrami i wariantami (rozmiar, kolor), koszyk, kody rabatowe, dostawa kurierem lub do paczkomatu, płatności online, faktury i konto klienta.</p>",
      "<h2>Panel sklepu</h2>",
      "<p>Moderatorzy zarządzają zamówieniami (numer przesyłki, oznaczenie jako dostarczone, anulowanie) oraz treścią: produktami, kategoriami, polami produktów, kodami rabatowymi, banerami, artykułami bloga, stronami, galerią zdjęć i użytkownikami.</p>",
      "<h2>Technologia</h2>",
      "<ul><li>TypeScript, React Router (renderowanie po stronie serwera) i Fastify,</li><li>baza danych PostgreSQL (lub wbudowany PGlite) z Drizzle ORM,</li><li>ceny zapisywane w groszach, historia cen dla informacji o najniższej cenie z 30 dni,</li><li>obrazy generowane i skalowane lokalnie (sharp, format WebP).</li></ul>",
      "<p>Dane w tej instalacji są demonstracyjne: produkty, zdjęcia, kody rabatowe i paczkomaty zostały wygenerowane przy pierwszym uruchomieniu.</p>",
    ].join(""),
  },
  {
    link: "dev-info-en",
    title: "About the application",
    protected: true,
    content: [
      "<h2>An online shop for handmade sewing goods</h2>",
      "<p>This application is a complete online shop for a small sewing workshop: a product catalogue with categories, filters and variants (size, colour), a cart, discount codes, delivery by courier or to a parcel locker, online payments, invoices and customer accounts.</p>",
      "<h2>Shop panel</h2>",
      "<p>Moderators manage orders (shipment number, mark as delivered, cancel) and content: products, categories, product fields, coupons, header slides, blog articles, pages, gallery images and users.</p>",
      "<h2>Technology</h2>",
      "<ul><li>TypeScript, React Router (server-side rendering) and Fastify,</li><li>PostgreSQL (or embedded PGlite) with Drizzle ORM,</li><li>prices stored in grosze, with a price history for the lowest-price-in-30-days notice,</li><li>images generated and resized locally (sharp, WebP).</li></ul>",
      "<p>The data in this installation is demo data: products, pictures, coupons and parcel lockers were generated on first start. The interface is Polish by default, with an English option.</p>",
    ].join(""),
  },
];

export interface BlogDef {
  title: string;
  tags: readonly string[];
  /** days before the seed time */
  daysAgo: number;
  content: string;
  tint: Tint;
  label: string;
  slides?: readonly string[];
  slidesTitle?: string;
  slidesDescription?: string;
}

export const blogDefs: readonly BlogDef[] = [
  {
    title: "Jak skompletować wyprawkę dla noworodka",
    tags: ["wyprawka", "noworodek", "poradnik"],
    daysAgo: 64,
    tint: "mietowy",
    label: "Wyprawka",
    content: [
      "<p>Kompletowanie wyprawki to jeden z najprzyjemniejszych etapów oczekiwania na dziecko – i jednocześnie źródło wielu pytań. Co naprawdę się przyda, a co będzie leżało w szafie?</p>",
      "<h2>Tekstylia do łóżeczka</h2>",
      "<p>Na start wystarczą dwa prześcieradła z gumką, lekki kocyk lub śpiworek i cienka poduszka (albo żadna – niemowlęta do kilku miesięcy mogą spać bez niej). Zamiast kołderki polecamy śpiworek: dziecko się nie odkryje i nie zaplącze.</p>",
      "<h2>Na spacer i do wózka</h2>",
      "<p>Przyda się cieplejszy kocyk minky lub śpiworek do wózka oraz kilka pieluszek muślinowych – sprawdzą się jako osłonka od słońca, podkład i ręczniczek.</p>",
      "<ul><li>2–3 prześcieradła,</li><li>śpiworek lub kocyk,</li><li>5–6 pieluszek muślinowych,</li><li>rożek lub otulacz.</li></ul>",
      "<p>Pamiętaj, żeby przed pierwszym użyciem wyprać wszystkie tekstylia w delikatnym detergencie dla dzieci.</p>",
    ].join(""),
    slides: [
      "Wyprawka dla noworodka Mięta",
      "Śpiworek niemowlęcy bawełniany",
      "Zestaw pieluszek muślinowych 3 szt.",
    ],
    slidesTitle: "Produkty z artykułu",
    slidesDescription: "Wszystko, o czym piszemy, uszyjemy dla Ciebie w naszej pracowni.",
  },
  {
    title: "Minky, muślin czy bawełna? Przewodnik po tkaninach",
    tags: ["tkaniny", "minky", "muślin", "bawełna"],
    daysAgo: 41,
    tint: "bezowy",
    label: "Tkaniny",
    content: [
      "<p>Wybór tkaniny decyduje o tym, czy kocyk będzie grzał zimą, czy chłodził latem. Oto krótki przewodnik po materiałach, z których szyjemy.</p>",
      "<h2>Minky</h2>",
      "<p>Pluszowa, bardzo miękka dzianina z wypukłym wzorem. Świetnie trzyma ciepło, dlatego polecamy ją na jesień i zimę. Nie mechaci się i szybko schnie.</p>",
      "<h2>Muślin</h2>",
      "<p>Cienka, przewiewna gaza bawełniana, zwykle w dwóch lub czterech warstwach. Idealna na lato i dla dzieci, które łatwo się przegrzewają.</p>",
      "<h2>Bawełna</h2>",
      "<p>Uniwersalna i oddychająca. Wybieraj tkaniny z certyfikatem OEKO-TEX Standard 100 – masz wtedy pewność, że nie zawierają szkodliwych substancji.</p>",
    ].join(""),
  },
  {
    title: "Jak prać kocyki minky, żeby długo były miękkie",
    tags: ["pielęgnacja", "minky", "pranie"],
    daysAgo: 23,
    tint: "rozowy",
    label: "Pranie",
    content: [
      "<p>Minky odwdzięczy się miękkością przez lata, jeśli zadbasz o kilka prostych zasad prania.</p>",
      "<p>Pierz w 30°C, w programie delikatnym, najlepiej lewą stroną na zewnątrz. Używaj płynu zamiast proszku i zrezygnuj z płynu zmiękczającego – skleja włókna.</p>",
      "<p>Nie susz kocyka w suszarce bębnowej ani na kaloryferze. Najlepiej rozłóż go płasko lub powieś na suszarce w przewiewnym miejscu.</p>",
      "<p>Nigdy nie prasuj strony minky – wysoka temperatura trwale spłaszcza wypukły wzór.</p>",
    ].join(""),
  },
  {
    title: "Pomysły na prezent na Baby Shower",
    tags: ["prezent", "baby shower", "inspiracje"],
    daysAgo: 6,
    tint: "lawendowy",
    label: "Baby Shower",
    content: [
      "<p>Szukasz prezentu dla przyszłej mamy? Podpowiadamy, co naprawdę ucieszy rodziców i przyda się w pierwszych miesiącach.</p>",
      "<h2>Coś praktycznego</h2>",
      "<p>Pieluszki muślinowe, otulacz bambusowy albo poduszka do karmienia to prezenty, które rodzice wykorzystają od pierwszego dnia.</p>",
      "<h2>Coś osobistego</h2>",
      "<p>Kocyk z haftem imienia albo girlanda z imieniem dziecka staną się pamiątką na lata. Pamiętaj, że personalizacja wymaga kilku dni więcej.</p>",
      "<h2>Gotowy zestaw</h2>",
      "<p>Jeśli nie masz czasu na kompletowanie, wybierz jeden z naszych zestawów prezentowych – zapakujemy go w pudełko z kokardą.</p>",
    ].join(""),
  },
];

export const creatorCategoryDefs = [
  { key: "winietki", title: "Winietki", order: 1 },
  { key: "wizytowki", title: "Wizytówki", order: 2 },
] as const;

export const creatorDefs = [
  {
    title: "Winietki na chrzciny",
    description: "Zaprojektuj winietki na stół z imionami gości i motywem gwiazdek.",
    category: "winietki",
  },
  {
    title: "Winietki na roczek",
    description: "Pastelowe winietki z balonikami i miejscem na imię.",
    category: "winietki",
  },
  {
    title: "Wizytówka pracowni krawieckiej",
    description: "Prosta wizytówka z logo, danymi kontaktowymi i kodem QR.",
    category: "wizytowki",
  },
] as const;

export const gameDefs = [
  {
    title: "Memory z tkaninami",
    description: "Znajdź pary takich samych wzorów tkanin – gra dla całej rodziny.",
  },
  { title: "Kolorowanka: zaprojektuj kocyk", description: "Pokoloruj kocyk i wybierz wzór lamówki." },
] as const;

import type { ProcessingTime } from "../../../../domain/types";
import type { CategoryKey } from "./categories";

// Demo catalogue: product fields (with options) and ~50 handmade products. Prices are grosze.
// Everything here is plain data; ../index.ts turns it into rows (ids, variants, price history).

// ---------------------------------------------------------------- fields

export type FieldKey =
  | "rozmiar"
  | "rozmiar-przescieradla"
  | "rozmiar-spiworka"
  | "kolor"
  | "haft"
  | "opakowanie";

export interface FieldOptionDef {
  key: string;
  title: string;
  description: string;
}

export interface FieldDef {
  key: FieldKey;
  title: string;
  description: string;
  changePrice: boolean;
  options: readonly FieldOptionDef[];
}

export const fieldDefs: readonly FieldDef[] = [
  {
    key: "rozmiar",
    title: "Rozmiar",
    description: "Wymiary kocyka po uszyciu.",
    changePrice: true,
    options: [
      {
        key: "70x100",
        title: "70x100 cm",
        description: "Do wózka, fotelika i łóżeczka – od pierwszych dni.",
      },
      { key: "100x140", title: "100x140 cm", description: "Większy format – dla przedszkolaka i na kanapę." },
    ],
  },
  {
    key: "rozmiar-przescieradla",
    title: "Rozmiar łóżeczka",
    description: "Wymiar materaca w łóżeczku.",
    changePrice: true,
    options: [
      { key: "60x120", title: "60x120 cm", description: "Standardowe łóżeczko niemowlęce." },
      { key: "70x140", title: "70x140 cm", description: "Łóżeczko rosnące z dzieckiem (do ok. 6 lat)." },
    ],
  },
  {
    key: "rozmiar-spiworka",
    title: "Rozmiar śpiworka",
    description: "Długość śpiworka i zalecany wiek dziecka.",
    changePrice: true,
    options: [
      { key: "62", title: "62 cm (0–6 mies.)", description: "Dla niemowląt o wzroście do 62 cm." },
      { key: "80", title: "80 cm (6–18 mies.)", description: "Dla dzieci o wzroście od 62 do 80 cm." },
    ],
  },
  {
    key: "kolor",
    title: "Kolor",
    description: "Kolor wiodący tkaniny.",
    changePrice: true,
    options: [
      { key: "rozowy", title: "Różowy", description: "Pudrowy, ciepły róż – delikatny i dziewczęcy." },
      { key: "mietowy", title: "Miętowy", description: "Świeża, jasna mięta – pasuje do każdej wyprawki." },
      { key: "szary", title: "Szary", description: "Jasny, melanżowy szary – ponadczasowy i uniwersalny." },
      {
        key: "bezowy",
        title: "Beżowy",
        description: "Naturalny beż w odcieniu owsianki – spokojny i przytulny.",
      },
    ],
  },
  {
    key: "haft",
    title: "Haft imienia",
    description: "Personalizacja haftem komputerowym, bez dopłaty.",
    changePrice: false,
    options: [
      { key: "bez", title: "Bez haftu", description: "Produkt bez personalizacji." },
      {
        key: "z-haftem",
        title: "Z haftem imienia",
        description: "Imię (do 12 liter) prześlij e-mailem po złożeniu zamówienia – odeślemy wizualizację.",
      },
    ],
  },
  {
    key: "opakowanie",
    title: "Opakowanie prezentowe",
    description: "Sposób zapakowania zamówienia.",
    changePrice: false,
    options: [
      { key: "standard", title: "Koperta ekologiczna", description: "Papierowa koperta z recyklingu." },
      {
        key: "pudelko",
        title: "Pudełko z kokardą",
        description: "Białe pudełko, bibuła i satynowa kokarda.",
      },
    ],
  },
];

// ---------------------------------------------------------------- materials

export type MaterialKey =
  | "minky"
  | "bawelna"
  | "muslin"
  | "bambus"
  | "wafel"
  | "len"
  | "pul"
  | "dresowka"
  | "satyna"
  | "mix";

export const materials: Readonly<Record<MaterialKey, { text: string; care: string }>> = {
  minky: {
    text: "minky – mięciutka dzianina o krótkim, gęstym włosie z wytłaczanym wzorem, przyjemna w dotyku i odporna na mechacenie; druga strona z bawełny z certyfikatem OEKO-TEX Standard 100.",
    care: "Pierz w 30°C w programie delikatnym, najlepiej lewą stroną na zewnątrz. Nie wybielaj, nie susz w suszarce bębnowej i nie prasuj strony minky.",
  },
  bawelna: {
    text: "100% bawełna z certyfikatem OEKO-TEX Standard 100 – oddychająca, miękka i bezpieczna dla wrażliwej skóry niemowląt.",
    care: "Pierz w 40°C z podobnymi kolorami. Możesz prasować w średniej temperaturze i suszyć w suszarce w niskiej temperaturze.",
  },
  muslin: {
    text: "podwójny muślin bawełniany (gaza) – lekki i przewiewny; z każdym praniem staje się jeszcze bardziej miękki.",
    care: "Pierz w 40°C. Delikatne zmarszczenie tkaniny po praniu to jej naturalna cecha – muślinu nie trzeba prasować.",
  },
  bambus: {
    text: "dzianina z wiskozy bambusowej (70%) i bawełny (30%) – chłodna w dotyku, bardzo chłonna i przyjazna skórze skłonnej do podrażnień.",
    care: "Pierz w 30°C w programie do delikatnych tkanin, susz na płasko. Nie używaj płynów zmiękczających.",
  },
  wafel: {
    text: "bawełniana tkanina waflowa o strukturze plastra miodu – lekka, chłonna i szybkoschnąca.",
    care: "Pierz w 40°C, susz na sznurku. Tkanina po pierwszym praniu lekko się kurczy – uwzględniliśmy to w wymiarach.",
  },
  len: {
    text: "len prany (stonowany) – naturalny, wytrzymały, z pięknym, lekko pogniecionym wyglądem.",
    care: "Pierz w 40°C, nie wykręcaj mocno. Len najlepiej wygląda nieprasowany.",
  },
  pul: {
    text: "PUL – poliestrowa dzianina laminowana cienką warstwą poliuretanu; wodoodporna, a jednocześnie paroprzepuszczalna.",
    care: "Pierz w 40°C, nie prasuj strony laminowanej i nie susz w suszarce – wysoka temperatura niszczy laminat.",
  },
  dresowka: {
    text: "organiczna dresówka pętelkowa z certyfikatem GOTS (95% bawełny, 5% elastanu) – ciepła, elastyczna i przyjemna w dotyku.",
    care: "Pierz w 30°C lewą stroną na zewnątrz, prasuj w niskiej temperaturze.",
  },
  satyna: {
    text: "satyna bawełniana o gęstym splocie (ok. 140 g/m²) – gładka, lekko połyskująca i wyjątkowo trwała.",
    care: "Pierz w 40°C, prasuj w średniej temperaturze na lewej stronie.",
  },
  mix: {
    text: "zestaw łączy nasze ulubione tkaniny: minky, podwójny muślin i certyfikowaną bawełnę OEKO-TEX Standard 100.",
    care: "Każdy element ma wszytą metkę z zaleceniami – większość pierzemy w 30–40°C w programie delikatnym.",
  },
};

// ---------------------------------------------------------------- products

/** Palette names used by the image generator (one soft colour per product). */
export type Tint =
  | "rozowy"
  | "mietowy"
  | "szary"
  | "bezowy"
  | "zolty"
  | "niebieski"
  | "lawendowy"
  | "kremowy";

export type IconKind = "blanket" | "pillow" | "toy" | "sleepingbag" | "set" | "fabric" | "garland" | "pouch";

export interface VariantDef {
  /** the price-changing size field; the second field is always "kolor" */
  sizeField: "rozmiar" | "rozmiar-przescieradla" | "rozmiar-spiworka";
  /** price of each size option, in the field's option order */
  sizePrices: readonly [number, number];
  /** surcharge per colour option key (grosze); missing keys cost nothing extra */
  colourSurcharge?: Readonly<Record<string, number>>;
  /** every variant on sale by this percent */
  salePercent?: number;
  /** all variants out of stock */
  soldOut?: boolean;
}

export interface ProductDef {
  title: string;
  /** 1–3 category keys, the first is the main one (breadcrumb) */
  categories: readonly CategoryKey[];
  tags: readonly string[];
  /** opening paragraph(s), HTML inline markup allowed */
  intro: readonly string[];
  material: MaterialKey;
  /** "Label: value" lines rendered as a <ul> with the label in <strong> */
  details: readonly string[];
  /** simple products: price and stock; variant products: derived from the variants */
  priceGrosze: number;
  promotionalPriceGrosze?: number;
  quantity?: number;
  variants?: VariantDef;
  /** non-price fields (changePrice false) linked after the variant fields */
  extraFields?: readonly ("haft" | "opakowanie")[];
  isNew?: boolean;
  isPremium?: boolean;
  isLayette?: boolean;
  isSet?: boolean;
  isHidden?: boolean;
  processingTime: ProcessingTime;
  vatRate?: number;
  /** titles of related products shown in the carousel (hasSlides) */
  slides?: readonly string[];
  slidesDescription?: string;
  tint: Tint;
  /** short label drawn on the generated picture */
  label: string;
}

export const SLIDES_TITLE = "Może Ci się spodobać";

export const productDefs: readonly ProductDef[] = [
  // ------------------------------------------------------------ Kocyki
  {
    title: "Kocyk minky dla niemowlaka",
    categories: ["kocyki", "wyprawki"],
    tags: ["kocyk", "minky", "niemowlę", "prezent"],
    intro: [
      "Nasz bestseller – <strong>kocyk minky dla niemowlaka</strong>, który otula jak chmurka. Sprawdzi się w wózku, w łóżeczku i podczas pierwszych spacerów.",
      "Brzegi wykańczamy ręcznie szytą lamówką, dzięki czemu kocyk zachowuje kształt nawet po wielu praniach.",
    ],
    material: "minky",
    details: [
      "Wymiary: 70x100 cm lub 100x140 cm",
      "Wierzch: minky dot 350 g/m²",
      "Spód: bawełna 100% z certyfikatem OEKO-TEX",
      "Wykończenie: lamówka bawełniana",
    ],
    priceGrosze: 12900,
    variants: { sizeField: "rozmiar", sizePrices: [12900, 16900], colourSurcharge: { bezowy: 500 } },
    extraFields: ["haft"],
    isNew: true,
    isLayette: true,
    processingTime: "3-6",
    slides: [
      "Poduszka płaska dla niemowlaka",
      "Przytulanka królik z uszami",
      "Śpiworek niemowlęcy bawełniany",
    ],
    slidesDescription: "Produkty, które świetnie pasują do kocyka minky.",
    tint: "rozowy",
    label: "Kocyk minky",
  },
  {
    title: "Żółty kocyk bawełniany",
    categories: ["kocyki"],
    tags: ["kocyk", "bawełna", "lato"],
    intro: [
      "Słoneczny, lekki <strong>kocyk z bawełny</strong> na cieplejsze dni – do przykrycia w wózku, na piknik i na drzemkę w ogrodzie.",
      "Szyjemy go z dwóch warstw tkaniny przeszywanych w kratkę, dzięki czemu nie jest ani za gruby, ani za cienki.",
    ],
    material: "bawelna",
    details: ["Wymiary: 80x100 cm", "Gramatura: ok. 260 g/m²", "Kolor: musztardowy żółty"],
    priceGrosze: 8950,
    quantity: 12,
    processingTime: "1-2",
    tint: "zolty",
    label: "Kocyk żółty",
  },
  {
    title: "Kocyk muślinowy w gwiazdki",
    categories: ["kocyki"],
    tags: ["kocyk", "muślin", "gwiazdki", "lato"],
    intro: [
      "Przewiewny <strong>kocyk z podwójnego muślinu</strong> w drobne gwiazdki. Idealny na lato, do otulania i jako lekka kołderka.",
      "Teraz w promocyjnej cenie – do wyczerpania zapasów tkaniny.",
    ],
    material: "muslin",
    details: ["Wymiary: 70x100 cm lub 100x140 cm", "Warstwy: 4 warstwy muślinu", "Wzór: złote gwiazdki"],
    priceGrosze: 9900,
    variants: { sizeField: "rozmiar", sizePrices: [9900, 13900], salePercent: 20 },
    processingTime: "3-6",
    tint: "szary",
    label: "Muślin gwiazdki",
  },
  {
    title: "Kocyk minky z bawełną w groszki",
    categories: ["kocyki"],
    tags: ["kocyk", "minky", "bawełna", "groszki"],
    intro: [
      "Klasyka w najlepszym wydaniu: z jednej strony puszyste minky, z drugiej <strong>bawełna w groszki</strong>. Ciepły zimą, przyjemny przez cały rok.",
      "Na życzenie wyhaftujemy na nim imię dziecka – to świetny pomysł na prezent z okazji narodzin.",
    ],
    material: "minky",
    details: [
      "Wymiary: 70x100 cm lub 100x140 cm",
      "Spód: bawełna w białe groszki",
      "Personalizacja: haft imienia gratis",
    ],
    priceGrosze: 11900,
    variants: {
      sizeField: "rozmiar",
      sizePrices: [11900, 15900],
      colourSurcharge: { szary: 300, bezowy: 300 },
    },
    extraFields: ["haft"],
    isPremium: true,
    processingTime: "3-6",
    tint: "mietowy",
    label: "Minky groszki",
  },
  {
    title: "Kocyk pikowany z falbanką",
    categories: ["kocyki", "zestawy"],
    tags: ["kocyk", "pikowany", "falbanka", "premium"],
    intro: [
      "Romantyczny <strong>kocyk pikowany</strong> wykończony bawełnianą falbanką. Pięknie prezentuje się na łóżeczku jako narzuta.",
      "Wypełnienie z hipoalergicznej włókniny sprawia, że kocyk jest lekki, a jednocześnie bardzo ciepły.",
      "Każdy egzemplarz pikujemy ręcznie w naszej pracowni – drobne różnice w przebiegu przeszyć są jego urokiem.",
    ],
    material: "bawelna",
    details: [
      "Wymiary: 70x100 cm lub 100x140 cm (bez falbanki)",
      "Wypełnienie: włóknina hipoalergiczna 200 g/m²",
      "Falbanka: 5 cm, bawełna",
    ],
    priceGrosze: 14900,
    variants: {
      sizeField: "rozmiar",
      sizePrices: [14900, 19900],
      colourSurcharge: { rozowy: 0, mietowy: 0, szary: 500, bezowy: 500 },
    },
    isNew: true,
    isPremium: true,
    processingTime: "7-9",
    tint: "bezowy",
    label: "Kocyk pikowany",
  },
  {
    title: "Kocyk waflowy miętowy",
    categories: ["kocyki"],
    tags: ["kocyk", "wafel", "bawełna", "mięta"],
    intro: [
      "Lekki <strong>kocyk waflowy</strong> w kolorze mięty – chłonny, przewiewny i szybkoschnący. Sprawdzi się też jako ręcznik po kąpieli.",
    ],
    material: "wafel",
    details: ["Wymiary: 90x90 cm", "Wykończenie: obszycie overlockiem i lamówka", "Kolor: miętowy"],
    priceGrosze: 6900,
    promotionalPriceGrosze: 5499,
    quantity: 8,
    processingTime: "1-2",
    tint: "mietowy",
    label: "Kocyk waflowy",
  },
  {
    title: "Kocyk dwustronny minky i muślin",
    categories: ["kocyki"],
    tags: ["kocyk", "minky", "muślin", "dwustronny"],
    intro: [
      "Dwa kocyki w jednym: <strong>minky na chłodne dni i muślin na ciepłe</strong>. Wystarczy odwrócić na drugą stronę.",
      "Obecnie wszystkie warianty są wyprzedane – nowa partia tkanin jest już w drodze.",
    ],
    material: "minky",
    details: ["Wymiary: 70x100 cm lub 100x140 cm", "Strona A: minky gładkie", "Strona B: podwójny muślin"],
    priceGrosze: 13900,
    variants: { sizeField: "rozmiar", sizePrices: [13900, 17900], soldOut: true },
    processingTime: "3-6",
    tint: "lawendowy",
    label: "Minky i muślin",
  },
  {
    title: "Kocyk z imieniem dziecka",
    categories: ["kocyki", "zestawy"],
    tags: ["kocyk", "personalizacja", "haft", "prezent", "chrzest"],
    intro: [
      "Wyjątkowy <strong>kocyk z wyhaftowanym imieniem</strong> – pamiątka na lata i jeden z najchętniej wybieranych prezentów na chrzest.",
      "Haft wykonujemy na miejscu, nićmi odpornymi na pranie. Po złożeniu zamówienia prześlemy Ci wizualizację do akceptacji.",
    ],
    material: "minky",
    details: [
      "Wymiary: 70x100 cm lub 100x140 cm",
      "Haft: do 12 liter, kolor nici do wyboru",
      "Czas realizacji: do 14 dni",
    ],
    priceGrosze: 15900,
    variants: { sizeField: "rozmiar", sizePrices: [15900, 19900] },
    extraFields: ["haft", "opakowanie"],
    isPremium: true,
    processingTime: "10-14",
    slides: [
      "Zestaw na chrzciny z haftem imienia",
      "Girlanda z imieniem dziecka",
      "Zawieszka do smoczka z imieniem",
    ],
    slidesDescription: "Inne personalizowane prezenty.",
    tint: "niebieski",
    label: "Kocyk z imieniem",
  },
  {
    title: "Otulacz bambusowy dla noworodka",
    categories: ["kocyki", "wyprawki"],
    tags: ["otulacz", "bambus", "noworodek", "wyprawka"],
    intro: [
      "Elastyczny <strong>otulacz z dzianiny bambusowej</strong>, który pomaga noworodkowi poczuć się bezpiecznie – jak w brzuchu mamy.",
      "Dzięki dużemu formatowi posłuży też jako pieluszka, osłonka do karmienia i lekki kocyk.",
    ],
    material: "bambus",
    details: ["Wymiary: 120x120 cm", "Gramatura: 180 g/m²", "Wykończenie: podwinięty szew"],
    priceGrosze: 7900,
    quantity: 15,
    isNew: true,
    isLayette: true,
    processingTime: "1-2",
    tint: "kremowy",
    label: "Otulacz",
  },
  // ------------------------------------------------------------ Poduszki
  {
    title: "Poduszka klin (antyrefluksowa)",
    categories: ["poduszki", "wyprawki"],
    tags: ["poduszka", "klin", "refluks", "niemowlę"],
    intro: [
      "<strong>Poduszka klin</strong> unosi górną część materaca pod kątem 15°, co ułatwia oddychanie i łagodzi objawy refluksu u niemowląt.",
      "Wkład z pianki wysokoelastycznej ma zdejmowany pokrowiec zapinany na zamek.",
    ],
    material: "bawelna",
    details: [
      "Wymiary: 60x36 cm, wysokość 9 cm",
      "Wkład: pianka T25 z atestem",
      "Pokrowiec: zdejmowany, bawełna",
    ],
    priceGrosze: 11900,
    quantity: 9,
    isLayette: true,
    processingTime: "3-6",
    tint: "niebieski",
    label: "Poduszka klin",
  },
  {
    title: "Poduszka płaska dla niemowlaka",
    categories: ["poduszki"],
    tags: ["poduszka", "niemowlę", "bawełna"],
    intro: [
      "Cienka <strong>poduszka dla niemowlaka</strong> o wysokości zaledwie 2 cm – bezpieczna od pierwszych miesięcy, zalecana przez fizjoterapeutów.",
    ],
    material: "bawelna",
    details: ["Wymiary: 30x40 cm", "Wysokość: ok. 2 cm", "Wypełnienie: włóknina antyalergiczna"],
    priceGrosze: 4999,
    quantity: 25,
    processingTime: "1-2",
    tint: "kremowy",
    label: "Poduszka płaska",
  },
  {
    title: "Poduszka motylek",
    categories: ["poduszki"],
    tags: ["poduszka", "motylek", "podróż", "fotelik"],
    intro: [
      "<strong>Poduszka motylek</strong> stabilizuje główkę dziecka w foteliku samochodowym i wózku – niezastąpiona w podróży.",
      "Mięciutka z obu stron, z bawełną od spodu.",
    ],
    material: "minky",
    details: ["Wymiary: 30x22 cm", "Wypełnienie: kulki silikonowe", "Wiek: od 3 miesięcy"],
    priceGrosze: 5900,
    quantity: 18,
    isNew: true,
    processingTime: "1-2",
    tint: "lawendowy",
    label: "Motylek",
  },
  {
    title: "Poduszka dekoracyjna chmurka",
    categories: ["poduszki", "akcesoria"],
    tags: ["poduszka", "chmurka", "dekoracja", "pokój dziecka"],
    intro: [
      "Urocza <strong>poduszka w kształcie chmurki</strong> ożywi każdy pokój dziecięcy. Miękka, lekka i bezpieczna do zabawy.",
    ],
    material: "minky",
    details: ["Wymiary: 45x30 cm", "Wypełnienie: włóknina kulkowa", "Kolor: biały z szarą lamówką"],
    priceGrosze: 6500,
    promotionalPriceGrosze: 4900,
    quantity: 7,
    processingTime: "1-2",
    tint: "niebieski",
    label: "Chmurka",
  },
  {
    title: "Poduszka do karmienia rogal",
    categories: ["poduszki", "wyprawki"],
    tags: ["poduszka", "karmienie", "rogal", "ciąża"],
    intro: [
      "Wygodna <strong>poduszka do karmienia</strong> w kształcie rogala – podpiera plecy w ciąży, a po porodzie ułatwia karmienie piersią i butelką.",
      "Poszewkę zdejmiesz i wypierzesz w pralce, a wypełnienie z kulek silikonowych dopasowuje się do ciała.",
    ],
    material: "bawelna",
    details: ["Długość: 170 cm", "Wypełnienie: kulki silikonowe 1,8 kg", "Poszewka: zdejmowana, na zamek"],
    priceGrosze: 18900,
    quantity: 6,
    isPremium: true,
    isLayette: true,
    processingTime: "7-9",
    tint: "szary",
    label: "Rogal",
  },
  {
    title: "Poduszka w kształcie gwiazdki",
    categories: ["poduszki"],
    tags: ["poduszka", "gwiazdka", "dekoracja"],
    intro: [
      "Dekoracyjna <strong>poduszka gwiazdka</strong> – produkt w przygotowaniu, jeszcze niewidoczny w sklepie.",
    ],
    material: "minky",
    details: ["Wymiary: 40x40 cm", "Wypełnienie: włóknina kulkowa"],
    priceGrosze: 5500,
    quantity: 10,
    isHidden: true,
    processingTime: "3-6",
    tint: "zolty",
    label: "Gwiazdka",
  },
  // ------------------------------------------------------------ Przytulanki
  {
    title: "Przytulanka królik z uszami",
    categories: ["przytulanki", "zestawy"],
    tags: ["przytulanka", "królik", "maskotka", "prezent"],
    intro: [
      "Długouchy <strong>królik</strong> uszyty z muślinu i minky – pierwszy przyjaciel malucha. Nie ma plastikowych oczek, dlatego jest bezpieczny od urodzenia.",
    ],
    material: "muslin",
    details: ["Wysokość: 35 cm", "Wypełnienie: włóknina antyalergiczna", "Oczy i nosek: haftowane"],
    priceGrosze: 5900,
    quantity: 14,
    isNew: true,
    processingTime: "3-6",
    tint: "bezowy",
    label: "Królik",
  },
  {
    title: "Przytulanka miś z muślinu",
    categories: ["przytulanki"],
    tags: ["przytulanka", "miś", "muślin"],
    intro: [
      "Klasyczny <strong>miś z muślinu</strong> o miękkim, lekko pogniecionym futerku. Chwilowo niedostępny – szyjemy kolejną partię.",
    ],
    material: "muslin",
    details: ["Wysokość: 28 cm", "Wypełnienie: włóknina antyalergiczna", "Oczy: haftowane"],
    priceGrosze: 6900,
    quantity: 0,
    processingTime: "7-9",
    tint: "bezowy",
    label: "Miś",
  },
  {
    title: "Szmatka przytulanka z metkami",
    categories: ["przytulanki"],
    tags: ["przytulanka", "metki", "sensoryczna"],
    intro: [
      "Niemowlęta uwielbiają metki! Nasza <strong>szmatka przytulanka</strong> ma ich aż osiem, w różnych fakturach – to świetna zabawka sensoryczna.",
    ],
    material: "minky",
    details: ["Wymiary: 30x30 cm", "Metki: 8 szt., satyna i bawełna", "Wiek: od urodzenia"],
    priceGrosze: 3900,
    quantity: 30,
    processingTime: "1-2",
    tint: "mietowy",
    label: "Szmatka",
  },
  {
    title: "Przytulanka słonik z grzechotką",
    categories: ["przytulanki"],
    tags: ["przytulanka", "słonik", "grzechotka"],
    intro: [
      "Wesoły <strong>słonik z ukrytą grzechotką</strong> – zachęca do chwytania i potrząsania, ćwicząc koordynację ruchową malucha.",
    ],
    material: "minky",
    details: ["Wysokość: 22 cm", "Grzechotka: zaszyta w brzuszku", "Wiek: od 3 miesięcy"],
    priceGrosze: 7400,
    promotionalPriceGrosze: 5900,
    quantity: 5,
    processingTime: "3-6",
    tint: "szary",
    label: "Słonik",
  },
  // ------------------------------------------------------------ Śpiworki
  {
    title: "Śpiworek niemowlęcy bawełniany",
    categories: ["spiworki", "wyprawki"],
    tags: ["śpiworek", "bawełna", "sen", "niemowlę"],
    intro: [
      "Lekki <strong>śpiworek do spania</strong> zastępuje kołderkę – maluszek nie odkryje się w nocy, a Ty śpisz spokojniej.",
      "Zapinany na dwustronny zamek, który ułatwia nocną zmianę pieluszki.",
    ],
    material: "bawelna",
    details: ["Rozmiar: 62 cm lub 80 cm", "TOG: 1,0 (18–22°C)", "Zamek: dwustronny, z osłonką"],
    priceGrosze: 15900,
    variants: { sizeField: "rozmiar-spiworka", sizePrices: [15900, 17900] },
    isLayette: true,
    processingTime: "3-6",
    tint: "mietowy",
    label: "Śpiworek",
  },
  {
    title: "Śpiworek do wózka minky",
    categories: ["spiworki"],
    tags: ["śpiworek", "wózek", "minky", "zima"],
    intro: [
      "Ciepły <strong>śpiworek do wózka i fotelika</strong> z otworami na pasy bezpieczeństwa. Minky od środka, wodoodporna softshellowa powłoka na zewnątrz.",
      "Zimowa promocja – wszystkie rozmiary i kolory taniej o 15%.",
    ],
    material: "minky",
    details: [
      "Rozmiar: 62 cm lub 80 cm",
      "Otwory na pasy: 3- i 5-punktowe",
      "Wierzch: softshell wodoodporny",
    ],
    priceGrosze: 22900,
    variants: { sizeField: "rozmiar-spiworka", sizePrices: [22900, 24900], salePercent: 15 },
    isPremium: true,
    processingTime: "7-9",
    tint: "szary",
    label: "Śpiworek do wózka",
  },
  {
    title: "Rożek niemowlęcy z usztywnieniem",
    categories: ["spiworki", "wyprawki"],
    tags: ["rożek", "noworodek", "wyprawka"],
    intro: [
      "Tradycyjny <strong>rożek dla noworodka</strong> z wyjmowanym usztywnieniem, które stabilizuje kręgosłup podczas noszenia.",
    ],
    material: "bawelna",
    details: ["Wymiary: 75x75 cm", "Usztywnienie: wyjmowane", "Wiązanie: bawełniana taśma"],
    priceGrosze: 12900,
    quantity: 4,
    isLayette: true,
    processingTime: "3-6",
    tint: "kremowy",
    label: "Rożek",
  },
  // ------------------------------------------------------------ Wyprawki
  {
    title: "Wyprawka do łóżeczka 5 elementów",
    categories: ["wyprawki", "zestawy"],
    tags: ["wyprawka", "łóżeczko", "pościel", "komplet"],
    intro: [
      "Kompletna <strong>wyprawka do łóżeczka</strong>: kołderka, poduszka, poszewki i prześcieradło z gumką – w jednej spójnej kolorystyce.",
      "Rozmiar prześcieradła dopasujesz do materaca, a kolor do pokoju dziecka.",
    ],
    material: "bawelna",
    details: [
      "W zestawie: kołderka 90x120 cm, poduszka 40x60 cm, 2 poszewki, prześcieradło",
      "Rozmiar łóżeczka: 60x120 cm lub 70x140 cm",
      "Wypełnienie: włóknina antyalergiczna",
    ],
    priceGrosze: 39900,
    variants: { sizeField: "rozmiar-przescieradla", sizePrices: [39900, 44900] },
    isPremium: true,
    isLayette: true,
    isSet: true,
    processingTime: "10-14",
    slides: ["Ochraniacz do łóżeczka warkocz", "Prześcieradło z gumką do łóżeczka", "Organizer na łóżeczko"],
    slidesDescription: "Uzupełnij wyprawkę do łóżeczka.",
    tint: "rozowy",
    label: "Wyprawka 5 el.",
  },
  {
    title: "Prześcieradło z gumką do łóżeczka",
    categories: ["wyprawki"],
    tags: ["prześcieradło", "łóżeczko", "bawełna"],
    intro: [
      "<strong>Prześcieradło z gumką</strong> wokół całego obwodu – trzyma się materaca i nie zsuwa nawet przy bardzo ruchliwym maluchu.",
    ],
    material: "bawelna",
    details: ["Rozmiar: 60x120 cm lub 70x140 cm", "Wysokość materaca: do 12 cm", "Guma: na całym obwodzie"],
    priceGrosze: 4900,
    variants: {
      sizeField: "rozmiar-przescieradla",
      sizePrices: [4900, 5900],
      colourSurcharge: { szary: 200 },
      salePercent: 10,
    },
    processingTime: "1-2",
    tint: "szary",
    label: "Prześcieradło",
  },
  {
    title: "Ochraniacz do łóżeczka warkocz",
    categories: ["wyprawki", "akcesoria"],
    tags: ["ochraniacz", "warkocz", "łóżeczko", "dekoracja"],
    intro: [
      "Modny <strong>ochraniacz warkocz</strong> pleciony ręcznie z trzech miękkich wałków. Chroni główkę przed szczebelkami i pięknie dekoruje łóżeczko.",
      "Każdy warkocz plecie się u nas ręcznie – to około dwóch godzin pracy.",
    ],
    material: "minky",
    details: ["Długość: 210 cm", "Średnica: ok. 16 cm", "Wiązania: 6 par taśm"],
    priceGrosze: 19900,
    quantity: 5,
    isNew: true,
    isPremium: true,
    processingTime: "10-14",
    slides: ["Wyprawka do łóżeczka 5 elementów", "Kokon niemowlęcy (gniazdko)"],
    slidesDescription: "Pasuje do naszych wyprawek.",
    tint: "lawendowy",
    label: "Warkocz",
  },
  {
    title: "Pościel dziecięca bawełniana 100x135",
    categories: ["wyprawki"],
    tags: ["pościel", "bawełna", "łóżeczko"],
    intro: [
      "Dwuczęściowa <strong>pościel dziecięca</strong> w standardowym wymiarze: poszwa 100x135 cm i poszewka 40x60 cm. Zapięcie na ukryte napy.",
    ],
    material: "satyna",
    details: ["Poszwa: 100x135 cm", "Poszewka: 40x60 cm", "Zapięcie: napy"],
    priceGrosze: 13900,
    quantity: 11,
    isLayette: true,
    processingTime: "3-6",
    vatRate: 8,
    tint: "niebieski",
    label: "Pościel",
  },
  {
    title: "Kokon niemowlęcy (gniazdko)",
    categories: ["wyprawki", "poduszki"],
    tags: ["kokon", "gniazdko", "noworodek", "premium"],
    intro: [
      "<strong>Kokon niemowlęcy</strong> daje noworodkowi poczucie bezpieczeństwa w dużym łóżku, na kanapie i w podróży.",
      "Regulowany ściągacz pozwala dopasować wielkość gniazdka do rosnącego dziecka.",
    ],
    material: "bawelna",
    details: ["Wymiary: 90x50 cm", "Wkład: płaski materacyk z pianki", "Wiek: 0–8 miesięcy"],
    priceGrosze: 25900,
    quantity: 3,
    isNew: true,
    isPremium: true,
    isLayette: true,
    processingTime: "7-9",
    tint: "bezowy",
    label: "Kokon",
  },
  {
    title: "Wyprawka dla noworodka Mięta",
    categories: ["wyprawki", "zestawy"],
    tags: ["wyprawka", "noworodek", "mięta", "prezent"],
    intro: [
      "Gotowa <strong>wyprawka dla noworodka</strong> w odcieniach mięty – wszystko, czego potrzebujesz w pierwszych tygodniach.",
      "Zestaw pakujemy w pudełko z bibułą, więc od razu nadaje się na prezent.",
    ],
    material: "mix",
    details: [
      "W zestawie: kocyk minky, rożek, 3 pieluszki muślinowe, szmatka z metkami",
      "Kolor: miętowy z szarym",
      "Opakowanie: pudełko prezentowe",
    ],
    priceGrosze: 34900,
    quantity: 4,
    isLayette: true,
    isSet: true,
    processingTime: "7-9",
    slides: [
      "Kocyk minky dla niemowlaka",
      "Rożek niemowlęcy z usztywnieniem",
      "Szmatka przytulanka z metkami",
    ],
    slidesDescription: "Elementy wyprawki kupisz też osobno.",
    tint: "mietowy",
    label: "Wyprawka Mięta",
  },
  // ------------------------------------------------------------ Zestawy prezentowe
  {
    title: "Zestaw prezentowy na Baby Shower",
    categories: ["zestawy"],
    tags: ["zestaw", "baby shower", "prezent"],
    intro: [
      "Prezent, który zachwyci przyszłą mamę: <strong>zestaw na Baby Shower</strong> z otulaczem, przytulanką i woreczkiem na smoczek.",
    ],
    material: "mix",
    details: [
      "W zestawie: otulacz bambusowy, królik, woreczek",
      "Opakowanie: pudełko z kokardą",
      "Kartka z życzeniami gratis",
    ],
    priceGrosze: 24900,
    promotionalPriceGrosze: 21900,
    quantity: 6,
    extraFields: ["opakowanie"],
    isSet: true,
    processingTime: "3-6",
    tint: "rozowy",
    label: "Baby Shower",
  },
  {
    title: "Zestaw kocyk i przytulanka",
    categories: ["zestawy", "kocyki", "przytulanki"],
    tags: ["zestaw", "kocyk", "przytulanka", "prezent"],
    intro: [
      "Duet idealny: <strong>kocyk minky i przytulanka</strong> uszyte z tej samej tkaniny. Prezent na narodziny, roczek i każdą inną okazję.",
    ],
    material: "minky",
    details: ["Kocyk: 70x100 cm", "Przytulanka: królik 35 cm", "Opakowanie: do wyboru"],
    priceGrosze: 17900,
    quantity: 9,
    extraFields: ["opakowanie"],
    isNew: true,
    isSet: true,
    processingTime: "3-6",
    slides: ["Kocyk minky dla niemowlaka", "Przytulanka królik z uszami"],
    slidesDescription: "Elementy zestawu dostępne także osobno.",
    tint: "lawendowy",
    label: "Kocyk i królik",
  },
  {
    title: "Zestaw na chrzciny z haftem imienia",
    categories: ["zestawy"],
    tags: ["zestaw", "chrzest", "personalizacja", "haft"],
    intro: [
      "Elegancki <strong>zestaw na chrzest</strong>: biały kocyk z haftem imienia i daty, poduszka z aniołkiem i pamiątkowy woreczek.",
      "Po zamówieniu skontaktujemy się, aby ustalić treść haftu.",
    ],
    material: "satyna",
    details: [
      "W zestawie: kocyk 80x100 cm, poduszka 30x40 cm, woreczek",
      "Haft: imię i data",
      "Kolor: biały z kremowym",
    ],
    priceGrosze: 28900,
    quantity: 5,
    extraFields: ["haft", "opakowanie"],
    isPremium: true,
    isSet: true,
    processingTime: "10-14",
    tint: "kremowy",
    label: "Chrzest",
  },
  {
    title: "Zestaw pieluszek muślinowych 3 szt.",
    categories: ["zestawy", "wyprawki"],
    tags: ["pieluszki", "muślin", "wyprawka", "zestaw"],
    intro: [
      "Trzy duże <strong>pieluszki muślinowe</strong> w różnych wzorach – do otulania, karmienia, jako osłonka na wózek i ręczniczek.",
    ],
    material: "muslin",
    details: ["Wymiary: 80x80 cm", "Liczba sztuk: 3", "Wzory: gwiazdki, groszki, gładka"],
    priceGrosze: 8900,
    quantity: 20,
    isLayette: true,
    isSet: true,
    processingTime: "1-2",
    vatRate: 8,
    tint: "szary",
    label: "Pieluszki 3 szt.",
  },
  {
    title: "Zestaw śliniaków bandanek 4 szt.",
    categories: ["zestawy", "akcesoria"],
    tags: ["śliniak", "bandanka", "zestaw"],
    intro: [
      "Praktyczne <strong>śliniaki bandanki</strong> z chłonną warstwą frotte – zatrzymują ślinę w czasie ząbkowania i wyglądają jak modna chustka.",
    ],
    material: "bawelna",
    details: ["Liczba sztuk: 4", "Zapięcie: 2 napy, regulacja", "Spód: frotte bawełniane"],
    priceGrosze: 6900,
    promotionalPriceGrosze: 5900,
    quantity: 16,
    isSet: true,
    processingTime: "1-2",
    tint: "zolty",
    label: "Bandanki",
  },
  {
    title: "Zestaw prezentowy dla mamy i dziecka",
    categories: ["zestawy"],
    tags: ["zestaw", "mama", "prezent"],
    intro: ["<strong>Zestaw dla mamy i dziecka</strong> – przygotowujemy zdjęcia, wkrótce w sprzedaży."],
    material: "mix",
    details: ["W zestawie: kosmetyczka, kocyk, przytulanka"],
    priceGrosze: 32900,
    quantity: 3,
    isSet: true,
    isHidden: true,
    processingTime: "7-9",
    tint: "rozowy",
    label: "Mama i dziecko",
  },
  {
    title: "Pudełko prezentowe Mini wyprawka",
    categories: ["zestawy", "wyprawki"],
    tags: ["zestaw", "wyprawka", "prezent"],
    intro: [
      "<strong>Mini wyprawka</strong> w pudełku: otulacz, szmatka z metkami i poduszka płaska. Chwilowo wyprzedana – zapisz się na powiadomienie w sklepie stacjonarnym.",
    ],
    material: "mix",
    details: ["W zestawie: otulacz, szmatka, poduszka płaska", "Opakowanie: pudełko z okienkiem"],
    priceGrosze: 19900,
    quantity: 0,
    isSet: true,
    processingTime: "3-6",
    tint: "kremowy",
    label: "Mini wyprawka",
  },
  // ------------------------------------------------------------ Tkaniny premium
  {
    title: "Tkanina minky dot różowa (metr bieżący)",
    categories: ["tkaniny"],
    tags: ["tkanina", "minky", "metraż", "szycie"],
    intro: [
      "Ta sama <strong>tkanina minky dot</strong>, z której szyjemy nasze kocyki – teraz także dla Ciebie, na metry.",
    ],
    material: "minky",
    details: [
      "Szerokość: 160 cm",
      "Gramatura: 350 g/m²",
      "Sprzedaż: na metry bieżące (ilość = liczba metrów)",
    ],
    priceGrosze: 5900,
    quantity: 40,
    isPremium: true,
    processingTime: "1-2",
    tint: "rozowy",
    label: "Minky dot",
  },
  {
    title: "Muślin bawełniany dwuwarstwowy (metr bieżący)",
    categories: ["tkaniny"],
    tags: ["tkanina", "muślin", "metraż", "szycie"],
    intro: [
      "Miękki <strong>podwójny muślin</strong> na pieluszki, kocyki i letnie ubranka – prosto z naszej pracowni.",
    ],
    material: "muslin",
    details: ["Szerokość: 135 cm", "Gramatura: 130 g/m²", "Skład: 100% bawełna"],
    priceGrosze: 3900,
    quantity: 55,
    isPremium: true,
    processingTime: "1-2",
    tint: "bezowy",
    label: "Muślin",
  },
  {
    title: "Satyna bawełniana w gwiazdki (metr bieżący)",
    categories: ["tkaniny"],
    tags: ["tkanina", "satyna", "gwiazdki", "metraż"],
    intro: [
      "Gładka <strong>satyna bawełniana</strong> w drobne gwiazdki – idealna na pościel dziecięcą i poszewki.",
    ],
    material: "satyna",
    details: ["Szerokość: 160 cm", "Gramatura: 140 g/m²", "Certyfikat: OEKO-TEX Standard 100"],
    priceGrosze: 4500,
    quantity: 35,
    isNew: true,
    isPremium: true,
    processingTime: "1-2",
    tint: "niebieski",
    label: "Satyna",
  },
  {
    title: "Tkanina wodoodporna PUL (metr bieżący)",
    categories: ["tkaniny", "akcesoria"],
    tags: ["tkanina", "PUL", "wodoodporna", "metraż"],
    intro: ["<strong>Tkanina PUL</strong> na podkłady, pieluchy wielorazowe i worki na mokre rzeczy."],
    material: "pul",
    details: ["Szerokość: 150 cm", "Gramatura: 150 g/m²", "Laminat: poliuretan 0,02 mm"],
    priceGrosze: 6900,
    promotionalPriceGrosze: 5500,
    quantity: 22,
    isPremium: true,
    processingTime: "1-2",
    tint: "mietowy",
    label: "PUL",
  },
  {
    title: "Dresówka pętelkowa organiczna (metr bieżący)",
    categories: ["tkaniny"],
    tags: ["tkanina", "dresówka", "organiczna", "GOTS"],
    intro: [
      "Organiczna <strong>dresówka pętelkowa</strong> w kolorze owsianym. Obecnie niedostępna – nowa dostawa wkrótce.",
    ],
    material: "dresowka",
    details: ["Szerokość: 180 cm", "Gramatura: 280 g/m²", "Certyfikat: GOTS"],
    priceGrosze: 5400,
    quantity: 0,
    isPremium: true,
    processingTime: "3-6",
    tint: "bezowy",
    label: "Dresówka",
  },
  // ------------------------------------------------------------ Akcesoria
  {
    title: "Girlanda z flag bawełnianych",
    categories: ["girlandy"],
    tags: ["girlanda", "flagi", "dekoracja", "urodziny"],
    intro: [
      "Kolorowa <strong>girlanda z trójkątnych flag</strong> – ozdoba pokoju dziecka, urodzin i sesji zdjęciowych.",
    ],
    material: "bawelna",
    details: ["Długość: 3 m", "Liczba flag: 12", "Taśma: bawełniana, z pętelkami"],
    priceGrosze: 4900,
    quantity: 13,
    processingTime: "1-2",
    tint: "zolty",
    label: "Girlanda flagi",
  },
  {
    title: "Girlanda z pomponów",
    categories: ["girlandy"],
    tags: ["girlanda", "pompony", "dekoracja"],
    intro: ["Lekka <strong>girlanda z wełnianych pomponów</strong> w pastelowych kolorach."],
    material: "bawelna",
    details: ["Długość: 2 m", "Liczba pomponów: 20", "Kolory: pastelowe"],
    priceGrosze: 3900,
    quantity: 17,
    isNew: true,
    processingTime: "1-2",
    tint: "lawendowy",
    label: "Pompony",
  },
  {
    title: "Girlanda z imieniem dziecka",
    categories: ["girlandy", "zestawy"],
    tags: ["girlanda", "imię", "personalizacja", "prezent"],
    intro: [
      "<strong>Girlanda z imieniem</strong> – każda litera na osobnej, miękkiej poduszeczce. Po zamówieniu prześlij nam imię dziecka.",
    ],
    material: "minky",
    details: ["Wysokość litery: 12 cm", "Maks. liczba liter: 10", "Dodatki: 2 gwiazdki na końcach"],
    priceGrosze: 8900,
    quantity: 8,
    processingTime: "10-14",
    tint: "rozowy",
    label: "Girlanda imię",
  },
  {
    title: "Woreczek na smoczek",
    categories: ["woreczki"],
    tags: ["woreczek", "smoczek", "higiena"],
    intro: [
      "Mały <strong>woreczek na smoczek</strong> ze ściągaczem – smoczek zawsze czysty w torbie i w kieszeni.",
    ],
    material: "bawelna",
    details: ["Wymiary: 10x12 cm", "Zamknięcie: sznurek ze stoperem"],
    priceGrosze: 2500,
    quantity: 35,
    processingTime: "1-2",
    tint: "mietowy",
    label: "Woreczek",
  },
  {
    title: "Woreczek lniany na skarby",
    categories: ["woreczki"],
    tags: ["woreczek", "len", "prezent"],
    intro: [
      "<strong>Lniany woreczek</strong> na drobne skarby, pierwsze ząbki, kamyki z wakacji i prezenty.",
    ],
    material: "len",
    details: ["Wymiary: 20x25 cm", "Zamknięcie: bawełniany sznurek"],
    priceGrosze: 2900,
    promotionalPriceGrosze: 2200,
    quantity: 24,
    processingTime: "1-2",
    tint: "bezowy",
    label: "Woreczek lniany",
  },
  {
    title: "Zawieszka do smoczka z imieniem",
    categories: ["akcesoria", "wyprawki"],
    tags: ["zawieszka", "smoczek", "imię", "personalizacja"],
    intro: [
      "Bezpieczna <strong>zawieszka do smoczka</strong> z silikonowych koralików z literami imienia – smoczek nie spadnie na ziemię.",
    ],
    material: "bawelna",
    details: ["Długość: 20 cm", "Koraliki: silikon bez BPA", "Klips: drewniany"],
    priceGrosze: 3500,
    quantity: 19,
    processingTime: "3-6",
    tint: "niebieski",
    label: "Zawieszka",
  },
  {
    title: "Pokrowiec na przewijak",
    categories: ["akcesoria", "wyprawki"],
    tags: ["pokrowiec", "przewijak", "wyprawka"],
    intro: [
      "Miękki <strong>pokrowiec na przewijak</strong> z wodoodporną warstwą PUL – wygodny dla dziecka i łatwy w praniu.",
    ],
    material: "pul",
    details: ["Wymiary: 50x70 cm", "Wierzch: minky", "Spód: PUL, guma dookoła"],
    priceGrosze: 8900,
    quantity: 10,
    isLayette: true,
    processingTime: "3-6",
    tint: "szary",
    label: "Przewijak",
  },
  {
    title: "Organizer na łóżeczko",
    categories: ["akcesoria"],
    tags: ["organizer", "łóżeczko", "porządek"],
    intro: [
      "<strong>Organizer na łóżeczko</strong> z sześcioma kieszeniami na pieluszki, chusteczki i ulubione książeczki.",
    ],
    material: "len",
    details: ["Wymiary: 60x40 cm", "Kieszenie: 6", "Mocowanie: taśmy z rzepami"],
    priceGrosze: 9900,
    quantity: 7,
    isNew: true,
    processingTime: "7-9",
    tint: "kremowy",
    label: "Organizer",
  },
  {
    title: "Kosmetyczka dla mamy",
    categories: ["woreczki", "akcesoria"],
    tags: ["kosmetyczka", "mama", "prezent"],
    intro: [
      "Pojemna <strong>kosmetyczka</strong> z wodoodporną podszewką – do torby szpitalnej i na co dzień.",
    ],
    material: "len",
    details: ["Wymiary: 25x15x8 cm", "Podszewka: PUL", "Zamek: metalowy"],
    priceGrosze: 4900,
    quantity: 11,
    processingTime: "1-2",
    tint: "rozowy",
    label: "Kosmetyczka",
  },
];

/** Icon drawn on a product's picture, from its main category. */
export function iconForCategory(category: CategoryKey): IconKind {
  switch (category) {
    case "kocyki":
      return "blanket";
    case "poduszki":
      return "pillow";
    case "przytulanki":
      return "toy";
    case "spiworki":
      return "sleepingbag";
    case "zestawy":
    case "wyprawki":
      return "set";
    case "tkaniny":
      return "fabric";
    case "girlandy":
      return "garland";
    default:
      return "pouch";
  }
}

// DEMO DATA — NOT REAL INPOST LOCKERS. Parcel lockers for the built-in point picker, in the shape
// of the InPost Points API (name, address_details, location, location_description,
// opening_hours). The ids follow InPost's style and the addresses are real streets of real
// cities, but the lockers themselves are made up (KZY01A is the point of the InPost API sample
// in ../shared/reference/inpost_points_sample.json). `npm run points:sync` replaces them with the
// carrier's list (INPOST_POINTS_URL) and marks the demo ones it does not find as removed.

export interface ParcelPointDef {
  id: string;
  street: string;
  houseNumber: string;
  postalCode: string;
  city: string;
  province: string;
  latitude: number;
  longitude: number;
  locationDescription: string;
  openingHours: string;
}

type Row = [
  id: string,
  street: string,
  houseNumber: string,
  postalCode: string,
  lat: number,
  lng: number,
  where: string,
];

const cities: { city: string; province: string; rows: Row[] }[] = [
  {
    city: "Warszawa",
    province: "mazowieckie",
    rows: [
      ["WAW01M", "Marszałkowska", "104", "00-017", 52.2337, 21.0094, "przy sklepie spożywczym"],
      ["WAW02A", "Puławska", "145", "02-715", 52.1914, 21.0226, "obok stacji paliw"],
      ["WAW115M", "Grójecka", "208", "02-390", 52.2049, 20.9601, "przy wejściu do marketu"],
      ["WAW23N", "Aleja Jana Pawła II", "82", "00-175", 52.2531, 20.9968, "przy przystanku tramwajowym"],
    ],
  },
  {
    city: "Kraków",
    province: "małopolskie",
    rows: [
      ["KRA010", "Karmelicka", "45", "31-128", 50.0686, 19.9285, "w bramie kamienicy, wejście od ulicy"],
      ["KRA02M", "Wielicka", "28", "30-552", 50.0398, 19.9711, "na parkingu galerii handlowej"],
      ["KRA15A", "Aleja Pokoju", "67", "31-580", 50.0578, 19.9917, "obok apteki"],
      ["KRA33N", "Kapelanka", "54", "30-347", 50.0309, 19.9211, "przy wejściu głównym do marketu"],
    ],
  },
  {
    city: "Wrocław",
    province: "dolnośląskie",
    rows: [
      ["WRO12A", "Legnicka", "58", "54-204", 51.1193, 16.9898, "przy stacji paliw"],
      ["WRO01M", "Świdnicka", "40", "50-024", 51.1045, 17.0307, "w pasażu handlowym"],
      ["WRO07N", "Grabiszyńska", "184", "53-235", 51.0946, 16.9904, "obok piekarni"],
      ["WRO24M", "Bolesława Krzywoustego", "126", "51-421", 51.1357, 17.085, "na parkingu marketu"],
    ],
  },
  {
    city: "Poznań",
    province: "wielkopolskie",
    rows: [
      ["POZ08M", "Głogowska", "98", "60-263", 52.3942, 16.8935, "przy sklepie osiedlowym"],
      ["POZ15A", "Garbary", "101", "61-757", 52.4114, 16.9375, "obok kiosku"],
      [
        "POZ03N",
        "Jana Henryka Dąbrowskiego",
        "91",
        "60-574",
        52.4142,
        16.8903,
        "przy przystanku autobusowym",
      ],
      ["POZ22M", "Hetmańska", "91", "60-218", 52.3893, 16.9084, "na parkingu centrum handlowego"],
    ],
  },
  {
    city: "Gdańsk",
    province: "pomorskie",
    rows: [
      ["GDA05M", "Grunwaldzka", "141", "80-264", 54.3812, 18.608, "przy wejściu do galerii"],
      ["GDA11A", "Kartuska", "210", "80-122", 54.3605, 18.6056, "obok stacji paliw"],
      ["GDA02N", "Chmielna", "70", "80-748", 54.3455, 18.66, "przy sklepie spożywczym"],
      ["GDA19M", "Obrońców Wybrzeża", "2", "80-398", 54.3997, 18.5872, "przy pętli tramwajowej"],
    ],
  },
  {
    city: "Łódź",
    province: "łódzkie",
    rows: [
      ["LOD04M", "Piotrkowska", "153", "90-440", 51.7593, 19.458, "w bramie, wejście od ulicy Piotrkowskiej"],
      ["LOD12A", "Zgierska", "68", "91-051", 51.7919, 19.4383, "obok apteki"],
      ["LOD07N", "Kopcińskiego", "16", "90-242", 51.7725, 19.4885, "przy wejściu do marketu"],
      ["LOD20M", "Rzgowska", "50", "93-155", 51.7358, 19.4751, "na parkingu przy sklepie"],
    ],
  },
  {
    city: "Katowice",
    province: "śląskie",
    rows: [
      ["KAT01M", "Mikołowska", "32", "40-066", 50.2553, 19.0064, "przy sklepie spożywczym"],
      ["KAT05A", "Chorzowska", "107", "40-101", 50.2669, 19.0011, "na parkingu centrum handlowego"],
      ["KAT12N", "Francuska", "70", "40-028", 50.2467, 19.0297, "obok stacji paliw"],
      ["KAT18M", "Gliwicka", "214", "40-860", 50.2631, 18.9712, "przy wejściu do marketu"],
    ],
  },
  {
    city: "Lublin",
    province: "lubelskie",
    rows: [
      ["LUB02M", "Krakowskie Przedmieście", "61", "20-076", 51.2483, 22.5548, "w pasażu handlowym"],
      ["LUB07A", "Zana", "19", "20-601", 51.2341, 22.5271, "przy wejściu do galerii"],
      ["LUB11N", "Nadbystrzycka", "42", "20-618", 51.2355, 22.5489, "przy akademiku, obok kiosku"],
      ["LUB15M", "Lipowa", "13", "20-020", 51.2446, 22.5577, "obok apteki"],
    ],
  },
  {
    city: "Białystok",
    province: "podlaskie",
    rows: [
      ["BIA01M", "Lipowa", "14", "15-427", 53.1327, 23.1547, "przy sklepie odzieżowym"],
      ["BIA06A", "Sienkiewicza", "82", "15-005", 53.1381, 23.1628, "na parkingu marketu"],
      ["BIA09N", "Wrocławska", "20", "15-644", 53.1183, 23.1102, "obok stacji paliw"],
    ],
  },
  {
    city: "Szczecin",
    province: "zachodniopomorskie",
    rows: [
      ["SZC03M", "Aleja Wojska Polskiego", "45", "70-475", 53.4345, 14.5421, "przy przystanku tramwajowym"],
      ["SZC08A", "Bolesława Krzywoustego", "9", "70-250", 53.4276, 14.5438, "w pasażu handlowym"],
      ["SZC14N", "Ku Słońcu", "67", "71-047", 53.4093, 14.5067, "przy wejściu do marketu"],
      ["SZC21M", "Mieszka I", "61", "71-011", 53.4021, 14.5228, "obok piekarni"],
    ],
  },
  {
    city: "Bydgoszcz",
    province: "kujawsko-pomorskie",
    rows: [
      ["BYD02M", "Gdańska", "34", "85-006", 53.1284, 18.0058, "w bramie kamienicy"],
      ["BYD07A", "Fordońska", "141", "85-739", 53.1333, 18.0733, "na parkingu centrum handlowego"],
      ["BYD12N", "Szubińska", "17", "85-312", 53.1172, 17.9695, "obok stacji paliw"],
    ],
  },
  {
    city: "Rzeszów",
    province: "podkarpackie",
    rows: [
      ["RZE01M", "Piłsudskiego", "32", "35-001", 50.0367, 22.0049, "przy wejściu do galerii"],
      ["RZE05A", "Powstańców Warszawy", "19", "35-329", 50.0245, 22.0163, "obok apteki"],
      ["RZE09N", "Rejtana", "65", "35-326", 50.0197, 22.0139, "przy sklepie osiedlowym"],
    ],
  },
  {
    city: "Kozy",
    province: "śląskie",
    rows: [
      ["KZY01A", "Gajowa", "27", "43-340", 49.84569, 19.17134, "obok sklepu"],
      ["KZY02M", "Krakowska", "2", "43-340", 49.8471, 19.1468, "przy urzędzie gminy"],
    ],
  },
  {
    city: "Gdynia",
    province: "pomorskie",
    rows: [
      ["GDY01M", "Świętojańska", "46", "81-372", 54.5149, 18.5363, "przy przystanku autobusowym"],
      ["GDY06A", "Morska", "113", "81-222", 54.5306, 18.5116, "na parkingu marketu"],
      ["GDY10N", "Chwarznieńska", "42", "81-602", 54.4972, 18.5006, "obok stacji paliw"],
    ],
  },
  {
    city: "Toruń",
    province: "kujawsko-pomorskie",
    rows: [
      ["TOR02M", "Szosa Chełmińska", "118", "87-100", 53.0305, 18.5885, "przy wejściu do marketu"],
      ["TOR05A", "Broniewskiego", "90", "87-100", 53.0153, 18.5683, "obok apteki"],
      ["TOR09N", "Lubicka", "31", "87-100", 53.0105, 18.6273, "przy sklepie spożywczym"],
    ],
  },
  {
    city: "Kielce",
    province: "świętokrzyskie",
    rows: [
      ["KIE01M", "Sienkiewicza", "64", "25-501", 50.8709, 20.6286, "w pasażu handlowym"],
      ["KIE04A", "Warszawska", "26", "25-512", 50.8755, 20.6346, "na parkingu galerii handlowej"],
    ],
  },
  {
    city: "Olsztyn",
    province: "warmińsko-mazurskie",
    rows: [
      ["OLS02M", "Piłsudskiego", "16", "10-577", 53.7763, 20.4864, "przy wejściu do galerii"],
      ["OLS06A", "Pstrowskiego", "16", "10-602", 53.7571, 20.4853, "obok stacji paliw"],
    ],
  },
  {
    city: "Opole",
    province: "opolskie",
    rows: [
      ["OPO01M", "Ozimska", "46", "45-058", 50.6686, 17.9331, "przy sklepie spożywczym"],
      ["OPO03A", "Niemodlińska", "79", "45-864", 50.6557, 17.8852, "na parkingu marketu"],
    ],
  },
  {
    city: "Bielsko-Biała",
    province: "śląskie",
    rows: [
      ["BBI01M", "Warszawska", "70", "43-300", 49.8316, 19.0405, "przy przystanku autobusowym"],
      ["BBI04A", "Sobieskiego", "2", "43-300", 49.8168, 19.0558, "przy wejściu do centrum handlowego"],
    ],
  },
  {
    city: "Zielona Góra",
    province: "lubuskie",
    rows: [
      ["ZIG01M", "Wrocławska", "17", "65-427", 51.9377, 15.5063, "przy wejściu do galerii"],
      ["ZIG03A", "Batorego", "128", "65-735", 51.9188, 15.5214, "obok stacji paliw"],
    ],
  },
];

export const parcelPointDefs: readonly ParcelPointDef[] = cities.flatMap(({ city, province, rows }) =>
  rows.map(([id, street, houseNumber, postalCode, latitude, longitude, locationDescription]) => ({
    id,
    street,
    houseNumber,
    postalCode,
    city,
    province,
    latitude,
    longitude,
    locationDescription,
    openingHours: "24/7",
  })),
);

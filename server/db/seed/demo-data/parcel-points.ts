// Demo parcel lockers for the built-in point picker (shape per the InPost Points API:
// name, address_details, location, location_description, opening_hours). Fictional data
// in real cities; a sync command replaces it with the carrier's list when configured.

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
  })),
);

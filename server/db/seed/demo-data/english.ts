// English texts of a handful of demo records (issue 30, docs/decisions/078), found by their Polish
// title (a page by its link): enough for the demo shop's English interface to show English content
// beside records that have none yet (those show their Polish texts, marked lang="pl").

export const englishCategories: Readonly<Record<string, string>> = {
  "Dla dzieci": "For children",
  Kocyki: "Blankets",
  Poduszki: "Pillows",
};

export const englishProducts: readonly { title: string; titleEn: string; descriptionEn?: string }[] = [
  {
    title: "Żółty kocyk bawełniany",
    titleEn: "Yellow cotton blanket",
    descriptionEn:
      "<p>A sunny, light <strong>cotton blanket</strong> for warmer days – for the pram, a picnic and a nap in the garden.</p><p>Two layers of fabric quilted in a check: neither too thick nor too thin.</p>",
  },
  {
    title: "Kocyk muślinowy w gwiazdki",
    titleEn: "Muslin blanket with stars",
    descriptionEn:
      "<p>An airy <strong>double muslin blanket</strong> with small stars. Ideal for summer, for swaddling and as a light quilt.</p>",
  },
  // an English title only: its description stays Polish
  { title: "Kocyk waflowy miętowy", titleEn: "Mint waffle blanket" },
  { title: "Poduszka klin (antyrefluksowa)", titleEn: "Wedge pillow (anti-reflux)" },
];

export const englishFields: Readonly<Record<string, { titleEn: string; options: Record<string, string> }>> = {
  Kolor: {
    titleEn: "Colour",
    options: { Różowy: "Pink", Miętowy: "Mint", Szary: "Grey", Beżowy: "Beige" },
  },
};

export const englishSlides: Readonly<Record<string, { titleEn: string; descriptionEn: string }>> = {
  "Wyprawki szyte z miłością": {
    titleEn: "Layettes sewn with love",
    descriptionEn: "Everything a newborn needs, handmade in our workshop.",
  },
};

export const englishPages: Readonly<Record<string, { linkEn: string; titleEn: string; contentEn: string }>> =
  {
    "o-nas": {
      linkEn: "about-us",
      titleEn: "About us",
      contentEn: [
        "<h2>Sewing for the little ones since 2016</h2>",
        "<p>Szyciowo is a small family sewing workshop. It all began with a blanket sewn for our daughter – today we sew blankets, layettes, cuddly toys and gift sets for families all over Poland.</p>",
        "<p>Every product is handmade, from cutting the fabric to the last stitch.</p>",
      ].join(""),
    },
  };

export const englishArticles: Readonly<Record<string, { titleEn: string; contentEn: string }>> = {
  "Jak prać kocyki minky, żeby długo były miękkie": {
    titleEn: "How to wash minky blankets so they stay soft",
    contentEn: [
      "<p>Minky stays soft for years when it is washed gently.</p>",
      "<ul><li>Wash at 30 °C on a delicate programme.</li><li>Use no fabric softener.</li><li>Dry flat, away from a radiator.</li></ul>",
    ].join(""),
  },
};

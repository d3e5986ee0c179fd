import { describe, expect, it } from "vitest";
import { parseForm } from "../../../../domain/validation/errors";
import { categoryFormSchema, fieldFormSchema, optionRowsOf, slideFormSchema } from "./taxonomy-forms";

// The posted staff forms (flat strings and the ImagePicker's JSON) become the API payloads, and
// their errors come back under the input names.

const picked = (url: string) => JSON.stringify([{ url, thumb_url: url, name: "x", isNew: false }]);

describe("categoryFormSchema", () => {
  it("reads the parent select ('' = first level)", () => {
    expect(parseForm(categoryFormSchema, { title: "Kocyki", parent: "" })).toEqual({
      ok: true,
      data: { title: "Kocyki", titleEn: "", parent: null, image: null },
    });
    expect(parseForm(categoryFormSchema, { title: "Kocyki", titleEn: " Blankets " })).toMatchObject({
      data: { titleEn: "Blankets" },
    });
    expect(parseForm(categoryFormSchema, { title: "Rożki", parent: "12" })).toMatchObject({
      ok: true,
      data: { parent: 12 },
    });
    expect(parseForm(categoryFormSchema, { title: " " })).toMatchObject({ ok: false, errors: { title: {} } });
  });
});

describe("fieldFormSchema", () => {
  const form = {
    title: "Kolor",
    type: "select",
    description: "",
    changePrice: true,
    "options.0._id": "7",
    "options.0.title": "Biały",
    "options.0.description": "",
    "options.0.image": picked("/media/pola/bialy.jpg"),
    "options.0.imageUrl": "",
    "options.1._id": "",
    "options.1.title": "Różowy",
    "options.1.description": "pastelowy",
    "options.1.titleEn": "Pink",
    "options.1.descriptionEn": "pastel",
    "options.1.image": "[]",
    "options.1.imageUrl": "https://cdn.example.pl/rozowy.jpg",
    "options.2._id": "",
    "options.2.title": "",
    "options.2.description": "",
    "options.2.image": "[]",
    "options.2.imageUrl": "",
  };

  it("builds the options in order, the picker's image first, the trailing blank row left out", () => {
    expect(parseForm(fieldFormSchema, form)).toEqual({
      ok: true,
      data: {
        title: "Kolor",
        type: "select",
        description: "",
        titleEn: "",
        descriptionEn: "",
        changePrice: true,
        options: [
          {
            _id: 7,
            title: "Biały",
            description: "",
            titleEn: "",
            descriptionEn: "",
            image: "/media/pola/bialy.jpg",
          },
          {
            title: "Różowy",
            description: "pastelowy",
            titleEn: "Pink",
            descriptionEn: "pastel",
            image: "https://cdn.example.pl/rozowy.jpg",
          },
        ],
      },
    });
  });

  it("reports a blank option in the middle under its input name", () => {
    const result = parseForm(fieldFormSchema, { ...form, "options.0.title": "" });
    expect(result).toMatchObject({
      ok: false,
      errors: { "options.0.title": { key: "validation.required" } },
    });
  });

  it("keeps the typed rows for a form shown again, English texts too", () => {
    expect(optionRowsOf(form).map((row) => row.title)).toEqual(["Biały", "Różowy", ""]);
    expect(optionRowsOf(form)[1]).toMatchObject({ titleEn: "Pink", descriptionEn: "pastel" });
  });

  it("keeps a trailing row holding only an English text", () => {
    const result = parseForm(fieldFormSchema, { ...form, "options.2.titleEn": "Grey" });
    expect(result).toMatchObject({
      ok: false,
      errors: { "options.2.title": { key: "validation.required" } },
    });
  });
});

describe("slideFormSchema", () => {
  it("takes the picked image, a blank link as none and a blank order as 'last'", () => {
    expect(
      parseForm(slideFormSchema, {
        image: picked("/media/naglowek/lato.jpg"),
        title: "Lato",
        description: "",
        link: "",
        order: "",
      }),
    ).toEqual({
      ok: true,
      data: {
        title: "Lato",
        description: "",
        titleEn: "",
        descriptionEn: "",
        link: null,
        image: { url: "/media/naglowek/lato.jpg" },
      },
    });
  });

  it("requires an image and a whole order", () => {
    const result = parseForm(slideFormSchema, { image: "[]", title: "Lato", order: "1,5" });
    expect(result).toMatchObject({ ok: false, errors: { image: { key: "validation.required" }, order: {} } });
  });
});

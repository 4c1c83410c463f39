import { describe, expect, it } from "vitest";
import {
  MATRIX_FIELDS,
  MATRIX_MESSAGES,
  type MatrixRow,
  type MatrixValues,
  materialFor,
  matrixFromRows,
  mergeMatrix,
  planMatrix,
  readMatrix,
  splitSizes,
} from "./options-matrix";
import { PRICE_MESSAGES } from "./validation/admin-product";

const NINE = ["4", "5", "6", "7", "8", "9", "10", "11", "12"];
const values = (over: Partial<MatrixValues> = {}): MatrixValues => ({
  metals: ["oro-amarillo", "oro-blanco", "oro-rosa"],
  sizes: NINE,
  otherSizes: "",
  otherMetal: "",
  prices: { "oro-amarillo": "12500", "oro-blanco": "13,900.5", "oro-rosa": "$14900" },
  images: {},
  ...over,
});
const row = (over: Partial<MatrixRow>): MatrixRow => ({
  model: "",
  size: "",
  material: "",
  price: "1.00",
  originalPrice: "",
  stock: "0",
  image: "",
  ...over,
});

function plan(v: MatrixValues, photos: string[] = []) {
  const planned = planMatrix(v, photos);
  if (!planned.ok) throw new Error(JSON.stringify(planned.errors));
  return planned.plan;
}

describe("options matrix", () => {
  it("generates one row per metal × size, with the metal's price for all its sizes", () => {
    const merged = mergeMatrix(plan(values()), [], "Oro blanco 14k");
    expect(merged.rows).toHaveLength(27);
    expect(merged.created).toBe(27);
    expect(merged.rows.slice(0, 2).map((r) => [r.model, r.size, r.price, r.stock])).toEqual([
      ["Oro amarillo", "4", "12500.00", "0"],
      ["Oro amarillo", "5", "12500.00", "0"],
    ]);
    expect(new Set(merged.rows.filter((r) => r.model === "Oro blanco").map((r) => r.price))).toEqual(
      new Set(["13900.50"]),
    );
    expect(merged.rows.filter((r) => r.model === "Oro rosa").every((r) => r.price === "14900.00")).toBe(true);
    // The metals the product's material does not name get their own, with its karats.
    expect(merged.rows.find((r) => r.model === "Oro amarillo")!.material).toBe("Oro amarillo 14k");
    expect(merged.rows.find((r) => r.model === "Oro blanco")!.material).toBe("");
  });

  it("keeps the rows the form has (any letter case), with their id and stock, and never duplicates them", () => {
    const current = [
      row({ id: "7", model: "oro blanco", size: "7", stock: "4", stockLoaded: "4", originalPrice: "20000.00" }),
      row({ id: "8", model: "Oro amarillo", size: "13", stock: "2" }),
    ];
    const merged = mergeMatrix(plan(values()), current, null);
    expect(merged.rows).toHaveLength(27);
    const kept = merged.rows.filter((r) => r.id === "7");
    expect(kept).toEqual([{ ...current[0], price: "13900.50" }]);
    expect(merged.kept).toBe(1);
    expect(merged.created).toBe(26);
    expect(merged.removed.map((r) => r.id)).toEqual(["8"]);
    // Generating again from its own answer changes nothing.
    expect(mergeMatrix(plan(values()), merged.rows, null).rows).toEqual(merged.rows);
  });

  it("gives each metal the photo chosen for it, and keeps a row's own photo otherwise", () => {
    const photos = ["/uploads/a.webp", "/uploads/b.webp"];
    const current = [row({ id: "1", model: "Oro rosa", size: "5", image: "/uploads/own.webp" })];
    const merged = mergeMatrix(plan(values({ images: { "oro-amarillo": "/uploads/b.webp" } }), photos), current, null);
    expect(merged.rows.filter((r) => r.model === "Oro amarillo").every((r) => r.image === "/uploads/b.webp")).toBe(
      true,
    );
    expect(merged.rows.find((r) => r.id === "1")!.image).toBe("/uploads/own.webp");
    expect(merged.rows.find((r) => r.model === "Oro blanco")!.image).toBe("");
  });

  it("makes one row per metal without sizes, and adds typed sizes after the ticked ones", () => {
    expect(mergeMatrix(plan(values({ sizes: [] })), [], null).rows.map((r) => [r.model, r.size])).toEqual([
      ["Oro amarillo", ""],
      ["Oro blanco", ""],
      ["Oro rosa", ""],
    ]);
    const p = plan(
      values({ metals: ["plata"], prices: { plata: "900" }, sizes: ["7"], otherSizes: "7.5, 45 cm ,7 ,7.5" }),
    );
    expect(p.sizes).toEqual(["7", "7.5", "45 cm"]);
    expect(splitSizes(" a ;b\nA,, ")).toEqual(["a", "b"]);
  });

  it("refuses, next to each field, what the server must not take", () => {
    const refused = planMatrix(
      values({
        prices: { "oro-amarillo": "", "oro-blanco": "abc", "oro-rosa": "0" },
        images: { "oro-rosa": "https://elsewhere.example/x.jpg" },
        otherSizes: "x".repeat(31),
      }),
      ["/uploads/a.webp"],
    );
    expect(refused).toEqual({
      ok: false,
      errors: {
        [MATRIX_FIELDS.price("oro-amarillo")]: PRICE_MESSAGES.required,
        [MATRIX_FIELDS.price("oro-blanco")]: PRICE_MESSAGES.invalid,
        [MATRIX_FIELDS.price("oro-rosa")]: PRICE_MESSAGES.positive,
        [MATRIX_FIELDS.image("oro-rosa")]: MATRIX_MESSAGES.imageUnknown,
        [MATRIX_FIELDS.otherSizes]: MATRIX_MESSAGES.sizeTooLong,
      },
    });
    expect(planMatrix(values({ metals: [] }), [])).toEqual({
      ok: false,
      errors: { [MATRIX_FIELDS.metal]: MATRIX_MESSAGES.metalRequired },
    });
    // 4 metals × 16 sizes = 64 cells: more than the 60 variants a product may have.
    const many = values({
      metals: ["oro-amarillo", "oro-blanco", "oro-rosa", "plata"],
      prices: { "oro-amarillo": "1", "oro-blanco": "1", "oro-rosa": "1", plata: "1" },
      otherSizes: "4.5, 5.5, 6.5, 7.5, 8.5, 9.5, 10.5",
    });
    expect(planMatrix(many, [])).toEqual({ ok: false, errors: { [MATRIX_FIELDS.metal]: MATRIX_MESSAGES.tooMany(64) } });
    expect(planMatrix({ ...many, otherSizes: "4.5" }, []).ok).toBe(true);
  });

  it("reads only known metals and sizes from a (possibly forged) form", () => {
    const form: Record<string, string[]> = {
      [MATRIX_FIELDS.metal]: ["plata", "oro", "oro-rosa", "plata"],
      [MATRIX_FIELDS.size]: ["7", "99", "<b>", "5"],
      [MATRIX_FIELDS.price("plata")]: ["", "950"],
      [MATRIX_FIELDS.otherSizes]: ["y".repeat(900)],
      [MATRIX_FIELDS.otherMetal]: ["z".repeat(900)],
    };
    const read = readMatrix((name) => form[name] ?? []);
    expect(read.metals).toEqual(["oro-rosa", "plata"]);
    expect(read.sizes).toEqual(["5", "7"]);
    expect(read.prices).toEqual({ plata: "950" });
    expect(read.otherSizes).toHaveLength(500);
    expect(read.otherMetal).toHaveLength(200);
  });

  it("opens with the metals, sizes, prices and photos the product's rows have", () => {
    expect(
      matrixFromRows([
        row({ model: "Oro rosa", size: "7", price: "149.00", image: "/r.webp" }),
        row({ model: "Oro blanco", size: "5", price: "139.00" }),
        row({ model: "Oro rosa", size: "7.5", price: "150.00" }),
        row({ model: "Titanio", size: "9", price: "99.00" }),
      ]),
    ).toEqual({
      metals: ["oro-blanco", "oro-rosa", "otro"],
      sizes: ["5", "7", "9"],
      otherSizes: "7.5",
      otherMetal: "Titanio",
      prices: { "oro-rosa": "149.00", "oro-blanco": "139.00", otro: "99.00" },
      images: { "oro-rosa": "/r.webp" },
    });
    // Two models that are no metal of the list: none is taken for the other metal.
    const two = matrixFromRows([row({ model: "Platino", size: "5" }), row({ model: "Titanio", size: "6" })]);
    expect(two).toMatchObject({ metals: [], otherMetal: "", sizes: [] });
  });

  it("generates the other metal staff name, with its price and the product's karats only for gold", () => {
    const other = values({
      metals: ["oro-blanco", "otro"],
      sizes: ["5", "6"],
      otherMetal: "  platino ",
      prices: { "oro-blanco": "13900", otro: "21,500" },
    });
    const merged = mergeMatrix(plan(other), [], "Oro blanco 18k");
    expect(merged.rows.map((r) => [r.model, r.size, r.material, r.price])).toEqual([
      ["Oro blanco", "5", "", "13900.00"],
      ["Oro blanco", "6", "", "13900.00"],
      ["Platino", "5", "Platino", "21500.00"],
      ["Platino", "6", "Platino", "21500.00"],
    ]);
    expect(materialFor({ id: "otro", label: "Oro verde" }, "Oro blanco 18k")).toBe("Oro verde 18k");
    // …and opening the form again finds it as the other metal, so generating again keeps its rows.
    expect(matrixFromRows(merged.rows)).toMatchObject({ metals: ["oro-blanco", "otro"], otherMetal: "Platino" });
  });

  it("refuses the other metal without a name, with a long one, or with one of the list's", () => {
    const refused = (otherMetal: string) => {
      const planned = planMatrix(values({ metals: ["otro"], otherMetal, prices: { otro: "100" } }), []);
      return planned.ok ? null : planned.errors[MATRIX_FIELDS.otherMetal];
    };
    expect(refused(" ")).toBe(MATRIX_MESSAGES.otherMetalRequired);
    expect(refused("x".repeat(41))).toBe(MATRIX_MESSAGES.otherMetalTooLong);
    expect(refused("ORO ROSA")).toBe(MATRIX_MESSAGES.otherMetalListed);
    expect(refused("Plata")).toBe(MATRIX_MESSAGES.otherMetalListed);
    expect(refused("Platino")).toBeNull();
    // A name typed without the box ticked is kept in the form and makes no rows.
    expect(plan(values({ metals: ["plata"], otherMetal: "Platino", prices: { plata: "900" } })).metals).toHaveLength(1);
  });

  it("names a variant's own metal only when the product's material is another", () => {
    const plata = { id: "plata", label: "Plata" } as const;
    const rosa = { id: "oro-rosa", label: "Oro rosa" } as const;
    expect(materialFor(rosa, "Oro blanco 18k")).toBe("Oro rosa 18k");
    expect(materialFor(plata, "Oro blanco 18k")).toBe("Plata");
    expect(materialFor(rosa, "Oro rosa 14k")).toBe("");
    expect(materialFor(rosa, null)).toBe("");
  });
});

import type { ProductQuery } from "../../../domain/validation/product-query";
import { hiddenFields } from "./model";

/** The rest of the query as hidden inputs of a GET form (the form's own fields replace the omitted ones). */
export function HiddenFields({
  query,
  omit,
}: {
  query: ProductQuery;
  omit: Parameters<typeof hiddenFields>[1];
}) {
  return (
    <>
      {hiddenFields(query, omit).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  );
}

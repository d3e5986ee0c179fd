// STUB (being replaced by the rich-text editor): the contract every staff form uses.
//
// An uncontrolled editor whose HTML is posted in a form field named `name` (a hidden textarea, so
// the form works like any other field, also without JavaScript, where the textarea is shown).
// The server sanitises whatever arrives (server/lib/sanitize-html.ts).

export interface RichTextEditorProps {
  /** form field name the HTML is posted under */
  name: string;
  /** element id of the editable area (for <label htmlFor>) */
  id: string;
  /** visible label */
  label: string;
  /** starting HTML */
  defaultValue: string;
  /** field error text to show under the editor */
  error?: string;
}

export function RichTextEditor({ name, id, label, defaultValue, error }: RichTextEditorProps) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-stone-800">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        defaultValue={defaultValue}
        rows={10}
        className="w-full rounded-xl border border-stone-300 p-3 font-mono text-sm"
      />
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
    </div>
  );
}

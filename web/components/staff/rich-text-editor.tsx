import { useCallback, useEffect, useRef, useState } from "react";
import { RichTextVisual } from "./rich-text-visual";

// The staff rich-text editor (docs/decisions/016-rich-text-editor.md, 061-tiptap-rich-text-editor.md).
// Its HTML lives in a textarea named `name`, so it posts with the form like any other field. The
// server renders that textarea (it is all there is without JavaScript); after hydration the visual
// editor (rich-text-visual.tsx: a toolbar and a Tiptap area) mounts and, once its editor exists, the
// textarea is hidden, except in the "HTML" mode where it is the source editor. Only staff routes import
// this file, so Tiptap is in their chunks and never in a storefront page's. The server sanitises
// whatever arrives (server/lib/sanitize-html.ts): that is the security boundary, not this component.

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
  const [mounted, setMounted] = useState(false);
  /** the visual editor exists and holds the textarea's HTML */
  const [ready, setReady] = useState(false);
  const [htmlMode, setHtmlMode] = useState(false);
  const source = useRef<HTMLTextAreaElement>(null);
  const onReady = useCallback(() => setReady(true), []);
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;

  useEffect(() => setMounted(true), []);

  const richMode = ready && !htmlMode;
  return (
    <div>
      <label
        id={labelId}
        htmlFor={richMode ? undefined : id}
        className="mb-1.5 block text-sm font-medium text-stone-800"
      >
        {label}
      </label>
      {mounted ? (
        <RichTextVisual
          id={id}
          labelId={labelId}
          label={label}
          errorId={errorId}
          error={error}
          source={source}
          htmlMode={htmlMode}
          onHtmlModeChange={setHtmlMode}
          onReady={onReady}
        />
      ) : null}
      <textarea
        ref={source}
        id={richMode ? `${id}-source` : id}
        name={name}
        defaultValue={defaultValue}
        rows={12}
        hidden={richMode}
        aria-labelledby={ready ? labelId : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`w-full border p-3 font-mono text-sm ${ready ? "rounded-b-lg" : "rounded-lg"} ${
          error ? "border-red-600" : "border-stone-300"
        }`}
      />
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

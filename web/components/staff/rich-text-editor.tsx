import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useT } from "../../lib/i18n";
import { cleanPastedHtml } from "./rich-text-paste";

// The staff rich-text editor (docs/decisions/016-rich-text-editor.md): a contentEditable area with
// a small accessible toolbar, no dependencies. Its HTML lives in a textarea named `name`, so it
// posts with the form like any other field. The server renders that textarea (it is all there is
// without JavaScript); after hydration the editor mounts and the textarea is hidden, except in the
// "HTML" mode where it is the source editor. The server sanitises whatever arrives
// (server/lib/sanitize-html.ts): that is the security boundary, not this component.

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

type Command = "bold" | "italic" | "h2" | "h3" | "ul" | "ol" | "link" | "quote" | "undo" | "redo" | "clear";

const BUTTONS: { command: Command; labelKey: string; text: string; toggles: boolean }[] = [
  { command: "bold", labelKey: "staff.editor.bold", text: "B", toggles: true },
  { command: "italic", labelKey: "staff.editor.italic", text: "I", toggles: true },
  { command: "h2", labelKey: "staff.editor.heading2", text: "H2", toggles: true },
  { command: "h3", labelKey: "staff.editor.heading3", text: "H3", toggles: true },
  { command: "ul", labelKey: "staff.editor.bulletList", text: "•", toggles: true },
  { command: "ol", labelKey: "staff.editor.numberedList", text: "1.", toggles: true },
  { command: "link", labelKey: "staff.editor.link", text: "Link", toggles: true },
  { command: "quote", labelKey: "staff.editor.quote", text: "❝", toggles: true },
  { command: "undo", labelKey: "staff.editor.undo", text: "↶", toggles: false },
  { command: "redo", labelKey: "staff.editor.redo", text: "↷", toggles: false },
  { command: "clear", labelKey: "staff.editor.clear", text: "⌫", toggles: false },
];

type Pressed = Partial<Record<Command, boolean>>;

/** The browser's <b>/<i> (what execCommand makes) as <strong>/<em>. */
function semanticHtml(html: string): string {
  return html
    .replace(/<b(?=[\s>])/g, "<strong")
    .replace(/<\/b>/g, "</strong>")
    .replace(/<i(?=[\s>])/g, "<em")
    .replace(/<\/i>/g, "</em>");
}

/** The block the caret is in ("h2", "blockquote", …), lower-case, without brackets. */
function currentBlock(): string {
  return String(document.queryCommandValue("formatBlock") || "")
    .toLowerCase()
    .replace(/[<>]/g, "");
}

function selectionInside(root: HTMLElement, tag: string): boolean {
  const node = window.getSelection()?.anchorNode ?? null;
  const element = node instanceof Element ? node : (node?.parentElement ?? null);
  const match = element?.closest(tag);
  return !!match && root.contains(match);
}

function readPressed(root: HTMLElement): Pressed {
  const block = currentBlock();
  return {
    bold: document.queryCommandState("bold"),
    italic: document.queryCommandState("italic"),
    h2: block === "h2",
    h3: block === "h3",
    ul: document.queryCommandState("insertUnorderedList"),
    ol: document.queryCommandState("insertOrderedList"),
    link: selectionInside(root, "a"),
    quote: block === "blockquote" || selectionInside(root, "blockquote"),
  };
}

export function RichTextEditor({ name, id, label, defaultValue, error }: RichTextEditorProps) {
  const t = useT();
  const [mounted, setMounted] = useState(false);
  const [htmlMode, setHtmlMode] = useState(false);
  const [pressed, setPressed] = useState<Pressed>({});
  const editable = useRef<HTMLDivElement>(null);
  const source = useRef<HTMLTextAreaElement>(null);
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;

  useEffect(() => {
    // Enter makes a new paragraph (not a <div>)
    document.execCommand("defaultParagraphSeparator", false, "p");
    setMounted(true);
  }, []);

  // fill the editable area once it exists (and again when leaving the HTML mode)
  useEffect(() => {
    if (!mounted || htmlMode || !editable.current || !source.current) return;
    editable.current.innerHTML = source.current.value;
  }, [mounted, htmlMode]);

  useEffect(() => {
    if (!mounted) return;
    const update = () => {
      const root = editable.current;
      if (!root?.contains(document.getSelection()?.anchorNode ?? null)) return;
      setPressed(readPressed(root));
    };
    document.addEventListener("selectionchange", update);
    return () => document.removeEventListener("selectionchange", update);
  }, [mounted]);

  /** Text typed straight into the area (an empty editor) goes into a paragraph, never bare. */
  function paragraphForLooseText() {
    const root = editable.current;
    const first = root?.firstChild;
    if (root && first && first.nodeType === Node.TEXT_NODE && first.textContent?.trim()) {
      document.execCommand("formatBlock", false, "p");
    }
  }

  function sync() {
    if (editable.current && source.current) source.current.value = semanticHtml(editable.current.innerHTML);
  }

  function run(command: Command) {
    const root = editable.current;
    if (!root) return;
    root.focus();
    const block = currentBlock();
    switch (command) {
      case "bold":
      case "italic":
      case "undo":
      case "redo":
        document.execCommand(command);
        break;
      case "h2":
      case "h3":
        document.execCommand("formatBlock", false, block === command ? "p" : command);
        break;
      case "quote":
        document.execCommand("formatBlock", false, block === "blockquote" ? "p" : "blockquote");
        break;
      case "ul":
        document.execCommand("insertUnorderedList");
        break;
      case "ol":
        document.execCommand("insertOrderedList");
        break;
      case "link": {
        if (selectionInside(root, "a")) {
          document.execCommand("unlink");
          break;
        }
        const url = window.prompt(t("staff.editor.linkPrompt"), "https://");
        if (url && /^(https?:\/\/|mailto:|tel:|\/)/i.test(url.trim())) {
          document.execCommand("createLink", false, url.trim());
        }
        break;
      }
      case "clear":
        document.execCommand("removeFormat");
        document.execCommand("unlink");
        if (block !== "p" && block !== "div" && block !== "") document.execCommand("formatBlock", false, "p");
        break;
    }
    sync();
    setPressed(readPressed(root));
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === "b" || key === "i") {
      event.preventDefault();
      run(key === "b" ? "bold" : "italic");
    }
  }

  function toggleHtml() {
    if (!htmlMode) sync();
    setHtmlMode(!htmlMode);
  }

  const richMode = mounted && !htmlMode;
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
        <div
          role="toolbar"
          aria-label={t("staff.editor.toolbar", { label })}
          className="flex flex-wrap gap-1 rounded-t-lg border border-b-0 border-stone-300 bg-stone-50 p-1"
        >
          {BUTTONS.map((button) => (
            <button
              key={button.command}
              type="button"
              aria-label={t(button.labelKey)}
              title={t(button.labelKey)}
              aria-pressed={button.toggles ? !!pressed[button.command] : undefined}
              disabled={htmlMode}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => run(button.command)}
              className={`min-h-9 min-w-9 rounded-md px-2 text-sm font-semibold text-stone-800 hover:bg-stone-200 focus-visible:outline-2 focus-visible:outline-accent-600 disabled:opacity-40 ${
                pressed[button.command] && !htmlMode ? "bg-stone-300" : ""
              } ${button.command === "italic" ? "italic" : ""}`}
            >
              <span aria-hidden="true">{button.text}</span>
            </button>
          ))}
          <button
            type="button"
            aria-pressed={htmlMode}
            onClick={toggleHtml}
            className={`ml-auto min-h-9 rounded-md px-2 font-mono text-xs font-semibold text-stone-800 hover:bg-stone-200 focus-visible:outline-2 focus-visible:outline-accent-600 ${
              htmlMode ? "bg-stone-300" : ""
            }`}
          >
            HTML
          </button>
        </div>
      ) : null}
      {mounted ? (
        // biome-ignore lint/a11y/useSemanticElements: a contentEditable rich-text area cannot be a <textarea>
        <div
          ref={editable}
          id={id}
          role="textbox"
          tabIndex={0}
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          contentEditable={richMode}
          suppressContentEditableWarning
          hidden={!richMode}
          onInput={() => {
            paragraphForLooseText();
            sync();
          }}
          onBlur={sync}
          onKeyDown={onKeyDown}
          onPaste={(event) => {
            event.preventDefault();
            const html = event.clipboardData.getData("text/html");
            const text = event.clipboardData.getData("text/plain");
            if (html) document.execCommand("insertHTML", false, cleanPastedHtml(html));
            else document.execCommand("insertText", false, text);
            sync();
          }}
          className={`rich-text prose min-h-48 max-w-none overflow-auto rounded-b-lg border bg-white p-3 text-base text-stone-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-600/40 [&_blockquote]:border-l-4 [&_blockquote]:border-stone-300 [&_blockquote]:pl-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-accent-700 [&_a]:underline ${
            error ? "border-red-600" : "border-stone-300"
          }`}
        />
      ) : null}
      <textarea
        ref={source}
        id={richMode ? `${id}-source` : id}
        name={name}
        defaultValue={defaultValue}
        rows={12}
        hidden={richMode}
        aria-labelledby={mounted ? labelId : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={`w-full border p-3 font-mono text-sm ${mounted ? "rounded-b-lg" : "rounded-lg"} ${
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

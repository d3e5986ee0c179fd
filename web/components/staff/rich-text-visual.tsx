import { type ChainedCommands, type Editor, EditorContent, useEditor, useEditorState } from "@tiptap/react";
import { type RefObject, useState } from "react";
import { useT } from "../../lib/i18n";
import { storedHtml, visualEditorHolds } from "./rich-text-html";
import { cleanPastedHtml, SAFE_HREF } from "./rich-text-paste";
import { richTextExtensions } from "./rich-text-schema";

// The visual part of the staff rich-text editor (docs/decisions/061-tiptap-rich-text-editor.md): the
// toolbar and the Tiptap editing area. rich-text-editor.tsx mounts it after hydration and owns the
// textarea the form posts; this part reads its starting HTML from that textarea and writes every change
// back to it.

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

function readPressed(editor: Editor): Pressed {
  return {
    bold: editor.isActive("bold"),
    italic: editor.isActive("italic"),
    h2: editor.isActive("heading", { level: 2 }),
    h3: editor.isActive("heading", { level: 3 }),
    ul: editor.isActive("bulletList"),
    ol: editor.isActive("orderedList"),
    link: editor.isActive("link"),
    quote: editor.isActive("blockquote"),
  };
}

/** What each button but the link does, on a chain that has put the focus back in the editor. */
const ACTIONS: Record<Exclude<Command, "link">, (chain: ChainedCommands) => ChainedCommands> = {
  bold: (chain) => chain.toggleBold(),
  italic: (chain) => chain.toggleItalic(),
  h2: (chain) => chain.toggleHeading({ level: 2 }),
  h3: (chain) => chain.toggleHeading({ level: 3 }),
  ul: (chain) => chain.toggleBulletList(),
  ol: (chain) => chain.toggleOrderedList(),
  quote: (chain) => chain.toggleBlockquote(),
  undo: (chain) => chain.undo(),
  redo: (chain) => chain.redo(),
  clear: (chain) => chain.unsetAllMarks().clearNodes(),
};

/** The link button: pressed inside a link it removes the link; otherwise it asks for the address. */
function toggleLink(editor: Editor, linkPrompt: string) {
  const chain = editor.chain().focus();
  if (editor.isActive("link")) {
    chain.extendMarkRange("link").unsetLink().run();
    return;
  }
  const url = window.prompt(linkPrompt, "https://")?.trim();
  if (!url || !SAFE_HREF.test(url)) return;
  // with nothing selected the address itself becomes the link's text
  if (editor.state.selection.empty) {
    chain.insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: url } }] }).run();
  } else {
    chain.setLink({ href: url }).run();
  }
}

function run(editor: Editor, command: Command, linkPrompt: string) {
  if (command === "link") toggleLink(editor, linkPrompt);
  else ACTIONS[command](editor.chain().focus()).run();
}

export interface RichTextVisualProps {
  id: string;
  labelId: string;
  label: string;
  errorId: string;
  error?: string;
  /** the textarea the form posts: the starting HTML, and where every change is written */
  source: RefObject<HTMLTextAreaElement | null>;
  htmlMode: boolean;
  onHtmlModeChange: (htmlMode: boolean) => void;
  /** called once the editor exists (the textarea may then be hidden) */
  onReady: () => void;
}

export function RichTextVisual({
  id,
  labelId,
  label,
  errorId,
  error,
  source,
  htmlMode,
  onHtmlModeChange,
  onReady,
}: RichTextVisualProps) {
  const t = useT();
  // one set for the editor's life (the options are compared on every render)
  const [extensions] = useState(richTextExtensions);
  const sync = (editor: Editor) => {
    if (source.current) source.current.value = storedHtml(editor.getHTML(), editor.isEmpty);
  };
  const editor = useEditor({
    // created in an effect, once the component is in the page (created during the render, the editor
    // is destroyed and made again when the first effect comes later than Tiptap's 1 ms check)
    immediatelyRender: false,
    extensions,
    content: source.current?.value ?? "",
    enableInputRules: false,
    enablePasteRules: false,
    editorProps: {
      attributes: {
        id,
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(error ? { "aria-invalid": "true", "aria-describedby": errorId } : {}),
        class: `rich-text prose min-h-48 max-w-none overflow-auto rounded-b-lg border bg-white p-3 text-base text-stone-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-accent-600/40 [&_blockquote]:border-l-4 [&_blockquote]:border-stone-300 [&_blockquote]:pl-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:text-lg [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6 [&_a]:text-accent-700 [&_a]:underline ${
          error ? "border-red-600" : "border-stone-300"
        }`,
      },
      transformPastedHTML: cleanPastedHtml,
    },
    onUpdate: ({ editor }) => sync(editor),
    // once the editor is in the page (it mounts after hydration): HTML the document cannot hold all of
    // stays in the HTML mode (the HTML button still switches); what was typed in the textarea meanwhile
    // is posted as the editor has it (loose text in a paragraph), and typing goes on in the editor
    onCreate: ({ editor }) => {
      const typing = source.current !== null && document.activeElement === source.current;
      const holds = visualEditorHolds(source.current?.value ?? "");
      if (!holds) {
        editor.setEditable(false, false);
        onHtmlModeChange(true);
      }
      const edited = source.current !== null && source.current.value !== source.current.defaultValue;
      if (holds && edited) sync(editor);
      onReady();
      if (typing && holds) editor.commands.focus("end");
    },
  });
  const pressed =
    useEditorState({ editor, selector: ({ editor }) => (editor ? readPressed(editor) : {}) }) ?? {};
  if (!editor) return null;

  const toggleHtml = () => {
    if (htmlMode) {
      // back from the source: the editor reads what was typed there (without an update of its own)
      editor.commands.setContent(source.current?.value ?? "", { emitUpdate: false });
    } else {
      sync(editor);
    }
    editor.setEditable(htmlMode, false);
    onHtmlModeChange(!htmlMode);
  };

  return (
    <>
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
            onClick={() => run(editor, button.command, t("staff.editor.linkPrompt"))}
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
      <EditorContent editor={editor} hidden={htmlMode} />
    </>
  );
}

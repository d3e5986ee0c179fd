import { Link } from "react-router";
import { compareFolders, withAncestors } from "../../../../domain/validation/gallery";
import { useT } from "../../../lib/i18n";

// The gallery's folder tree (folders nested by '/', alphabetically). As links on the gallery screen
// (`hrefOf`), as buttons in the ImagePicker's dialog (`onSelect`). `null` is "all images".

interface Node {
  path: string;
  label: string;
  children: Node[];
}

/** Nests folder paths ("a", "a/b", "c") into a tree, each level alphabetical. */
export function folderTree(folders: readonly string[]): Node[] {
  const roots: Node[] = [];
  const byPath = new Map<string, Node>();
  for (const path of withAncestors(folders).sort(compareFolders)) {
    const cut = path.lastIndexOf("/");
    const node: Node = { path, label: cut < 0 ? path : path.slice(cut + 1), children: [] };
    byPath.set(path, node);
    const parent = cut < 0 ? null : byPath.get(path.slice(0, cut));
    (parent ? parent.children : roots).push(node);
  }
  return roots;
}

type Target = { hrefOf: (folder: string | null) => string } | { onSelect: (folder: string | null) => void };

const ITEM =
  "flex min-h-10 w-full items-center rounded-lg px-3 text-left text-sm hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-accent-600";

function Item({
  folder,
  label,
  current,
  target,
}: {
  folder: string | null;
  label: string;
  current: string | null;
  target: Target;
}) {
  const active = folder === current;
  const className = `${ITEM} ${active ? "bg-accent-50 font-semibold text-accent-800" : "text-stone-800"}`;
  if ("hrefOf" in target) {
    return (
      <Link to={target.hrefOf(folder)} aria-current={active ? "page" : undefined} className={className}>
        <span className="truncate">{label}</span>
      </Link>
    );
  }
  return (
    <button type="button" aria-pressed={active} onClick={() => target.onSelect(folder)} className={className}>
      <span className="truncate">{label}</span>
    </button>
  );
}

function Branch({ nodes, current, target }: { nodes: Node[]; current: string | null; target: Target }) {
  return (
    <ul className="space-y-0.5">
      {nodes.map((node) => (
        <li key={node.path}>
          <Item folder={node.path} label={node.label} current={current} target={target} />
          {node.children.length > 0 ? (
            <div className="ml-3 border-l border-stone-200 pl-2">
              <Branch nodes={node.children} current={current} target={target} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

export function FolderTree({
  folders,
  current,
  ...target
}: { folders: readonly string[]; current: string | null } & Target) {
  const t = useT();
  const nodes = folderTree(current ? [...folders, current] : folders);
  return (
    <nav aria-label={t("staff.gallery.folders")}>
      <Item folder={null} label={t("staff.gallery.allImages")} current={current} target={target} />
      {nodes.length === 0 ? (
        <p className="px-3 py-2 text-sm text-stone-600">{t("staff.gallery.noFolders")}</p>
      ) : (
        <Branch nodes={nodes} current={current} target={target} />
      )}
    </nav>
  );
}

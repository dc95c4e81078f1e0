// The generic renderer (ARCHITECTURE: definitions → React): walks a page's expanded items and
// draws containers itself and questions through the widget registry (../widgets/registry.ts),
// handing each widget where its answers go. Conditions are live: an item
// behind one subscribes to the keys it reads and appears or goes as they change; the engine has
// already cleared what it hid (changes.ts).
import { createContext, lazy, Suspense, useContext, useRef, useState, type ComponentType, type KeyboardEvent, type ReactNode } from "react";
import type { Gate } from "../../engine/expand";
import { answeredBlocks } from "../../engine/visibility";
import type { ViewItem } from "../../engine/runtime";
import type { AddAnotherItem, AddressItem, ContentItem, SectionItem, TabsItem } from "../../engine/generated/definition-format";
import { useAnswers, useKeys } from "../state/answers";
import { useSession } from "../state/session";
import { entryOf, isQuestion } from "../widgets/registry";
import type { QuestionView } from "../widgets/widget";
import { useChanges } from "./changes";
import { form } from "./model";

const keysOfGroup = new Map<string, string[]>();
const groupKeys = (id: string) => {
  let keys = keysOfGroup.get(id);
  if (!keys) keysOfGroup.set(id, (keys = form.blockGroups.get(id)!.blocks.flat()));
  return keys;
};

/**
 * A heading level inside a page (its title is the h1). Only a container that draws a heading
 * (a titled section, a labelled tab group, a block's title) puts its items a level deeper: an
 * untitled section or an address (a legend) does not, so no level is ever skipped (WCAG 1.3.1).
 */
export type Level = 2 | 3 | 4 | 5 | 6;
export const deeper = (level: Level): Level => Math.min(level + 1, 6) as Level;

export function Items({ items, level }: { items: ViewItem[]; level: Level }) {
  return items.map((view) => <Item key={view.id} view={view} level={level} />);
}

/** The condition gate an item carries itself (hideWhen/showWhen), if any. */
function ownCondition(view: ViewItem): Gate | undefined {
  const gate = form.gates[view.gate];
  if (!gate?.condition || gate.kind !== "condition") return undefined;
  return gate.source.file === view.source.file && gate.source.pointer === view.source.pointer ? gate : undefined;
}

export interface ItemFrameProps {
  view: ViewItem;
  /** The item's own condition, if any: the frame decides what a hidden item shows. */
  gate: Gate | undefined;
  children: ReactNode;
}

/**
 * Draws around every item when given: the preview (src/client/preview) shows hidden items greyed
 * with their condition and lint findings beside. The applicants' form gives none.
 */
export const ItemFrame = createContext<ComponentType<ItemFrameProps> | null>(null);

function Item({ view, level }: { view: ViewItem; level: Level }) {
  const Frame = useContext(ItemFrame);
  const gate = ownCondition(view);
  // One frame for the app's lifetime (the preview's), not a component made while rendering.
  // eslint-disable-next-line react-hooks/static-components
  if (Frame) return <Frame view={view} gate={gate}><ItemBody view={view} level={level} /></Frame>;
  return gate ? <Conditional gate={gate} view={view} level={level} /> : <ItemBody view={view} level={level} />;
}

function Conditional({ gate, view, level }: { gate: Gate; view: ViewItem; level: Level }) {
  const condition = gate.condition!;
  const shown = useKeys(condition.keysRead, condition.test);
  return shown ? <ItemBody view={view} level={level} /> : null;
}

function ItemBody({ view, level }: { view: ViewItem; level: Level }) {
  switch (view.item.type) {
    case "section":
      return <Section view={view} item={view.item} level={level} />;
    case "address":
      return <Address view={view} item={view.item} level={level} />;
    case "tabs":
      return <TabGroup view={view} item={view.item} level={level} />;
    case "addAnother":
      return <Blocks view={view} item={view.item} level={level} />;
    case "content":
      return <Content item={view.item} level={level} />;
    default:
      return isQuestion(view) ? <Question view={view} /> : <Unknown view={view} />;
  }
}

/** A question: the widget its type names in the registry, reporting through the app's saver. */
function Question({ view }: { view: QuestionView }) {
  const { change, saveOnBlur } = useChanges();
  const { Widget } = entryOf(view.item.type);
  return <Widget view={view} onAnswer={change} onBlur={saveOnBlur} />;
}

/** A type this build does not know (the linter refuses it): visible, naming the answer key. */
function Unknown({ view }: { view: ViewItem }) {
  const key = (view.item as { key?: string }).key ?? view.key ?? "(none)";
  return (
    <p className="unknown-item" role="note">
      This question cannot be shown: its type “{String(view.item.type)}” is not one this application knows. Answer key: {key}.
    </p>
  );
}

function Heading({ level, children, id, focusable }: { level: Level; children: ReactNode; id?: string; focusable?: boolean }) {
  const H = `h${level}` as const;
  return <H id={id} className={`form-heading form-heading-${level}`} tabIndex={focusable ? -1 : undefined}>{children}</H>;
}

function Section({ view, item, level }: { view: ViewItem; item: SectionItem; level: Level }) {
  // Not the bare id: answer keys are the questions' ids (the section "gender" holds the question "gender").
  const titleId = item.id ? `section-${item.id}` : `${view.id}-title`;
  return (
    <section className="form-section" aria-labelledby={item.title ? titleId : undefined}>
      {item.title && <Heading level={level} id={titleId}>{item.title}</Heading>}
      {item.help && <p className="section-help">{item.help}</p>}
      <div className="form-items">
        <Items items={view.children ?? []} level={item.title ? deeper(level) : level} />
      </div>
    </section>
  );
}

function Address({ view, item, level }: { view: ViewItem; item: AddressItem; level: Level }) {
  return (
    <fieldset className="form-address">
      {item.title && <legend className="form-legend">{item.title}</legend>}
      {item.help && <p className="section-help">{item.help}</p>}
      <div className="form-items">
        <Items items={view.children ?? []} level={level} />
      </div>
    </fieldset>
  );
}

function Content({ item, level }: { item: ContentItem; level: Level }) {
  return (
    <div className="form-content">
      {item.heading && <Heading level={level}>{item.heading}</Heading>}
      {item.text.split(/\n\s*\n/).map((paragraph, i) => <p key={i}>{paragraph}</p>)}
    </div>
  );
}

const loadTabSwitch = () => import("./useTabSwitch");
const preloadTabSwitch = () => void loadTabSwitch();
const TabSwitch = lazy(async () => ({ default: (await loadTabSwitch()).TabSwitch }));

/**
 * A tab group: the chosen tab is saved per group and switching clears the answers the
 * tab left lists. Visitors see the default tab only.
 * The WAI-ARIA tabs pattern with manual activation: arrow keys, Home and End move between the
 * tabs, Enter or Space chooses one — choosing clears answers, so moving alone never does.
 * Leaving a tab whose document is still converting is refused with the 'File Upload in Progress'
 * dialog; leaving a written essay or an attached document asks first and offers Undo (useTabSwitch,
 * whose code loads when the group's tabs are first pointed at, focused or chosen).
 */
function TabGroup({ view, item, level }: { view: ViewItem; item: TabsItem; level: Level }) {
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const chosen = useAnswers((s) => s.tabs[item.id]) ?? item.default;
  const tabs = view.tabs ?? [];
  const label = item.label ?? item.tabs.map((t) => t.label).join(" or ");
  const shown = tabs.find((t) => t.id === (isLoggedIn ? chosen : item.default));
  const items = <div className="form-items"><Items items={shown?.items ?? []} level={item.label ? deeper(level) : level} /></div>;
  const tabId = (tab: string) => `${view.id}-tab-${tab}`;
  const panelId = `${view.id}-panel`;
  const [request, setRequest] = useState<{ tab: string }>();
  return (
    <section className="form-section form-tabs" aria-label={label}>
      {item.label && <Heading level={level}>{item.label}</Heading>}
      {isLoggedIn ? (
        <>
          <div role="tablist" className="tab-list" aria-label={label} onKeyDown={moveBetweenTabs} onPointerEnter={preloadTabSwitch} onFocus={preloadTabSwitch}>
            {tabs.map((tab) => (
              <button
                key={tab.id}
                id={tabId(tab.id)}
                type="button"
                role="tab"
                className="tab"
                aria-selected={tab.id === chosen}
                aria-controls={tab.id === chosen ? panelId : undefined}
                tabIndex={tab.id === chosen ? 0 : -1}
                data-selected={tab.id === chosen || undefined}
                onClick={() => tab.id !== chosen && setRequest({ tab: tab.id })}
              >
                {tab.label}
              </button>
            ))}
          </div>
          <div role="tabpanel" id={panelId} className="tab-panel" aria-labelledby={tabId(chosen)}>{items}</div>
          {request && (
            <Suspense fallback={null}>
              <TabSwitch item={item} label={label} focusTab={(tab) => document.getElementById(tabId(tab))?.focus()} request={request} />
            </Suspense>
          )}
        </>
      ) : items}
    </section>
  );
}

const TAB_MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (i, n) => (i + 1) % n,
  ArrowDown: (i, n) => (i + 1) % n,
  ArrowLeft: (i, n) => (i - 1 + n) % n,
  ArrowUp: (i, n) => (i - 1 + n) % n,
  Home: () => 0,
  End: (_, n) => n - 1,
};

function moveBetweenTabs(event: KeyboardEvent<HTMLElement>) {
  const move = TAB_MOVES[event.key];
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const index = tabs.indexOf(event.target as HTMLElement);
  if (!move || index < 0) return;
  event.preventDefault();
  tabs[move(index, tabs.length)]!.focus();
}

/**
 * Add-another blocks: as many as the applicant's count, a button adds one up to the group's
 * max, and the last can be removed (its answers are cleared). Visitors cannot add blocks.
 */
function Blocks({ view, item, level }: { view: ViewItem; item: AddAnotherItem; level: Level }) {
  const isLoggedIn = useSession((s) => s.is_logged_in);
  const saved = useAnswers((s) => s.blocks[item.id]);
  // A visitor cannot add blocks, but answers saved for later may fill several.
  const group = form.blockGroups.get(item.id)!;
  const answered = useKeys(groupKeys(item.id), (answers) => answeredBlocks(group.blocks, answers));
  const count = Math.min((isLoggedIn ? saved : undefined) ?? answered, item.max);
  const blocks = (view.blocks ?? []).slice(0, count);
  const list = useRef<HTMLDivElement>(null);
  const { setBlocks } = useChanges();
  const name = item.blockTitle ? item.blockTitle.replace(/\s*\{n\}\s*/g, " ").trim() : item.id;
  // 'Error adding another {button}', the block's name as a sentence reads it.
  const inSentence = name.charAt(0).toLowerCase() + name.slice(1);
  const titleOf = (n: number) => (item.blockTitle ? item.blockTitle.replace("{n}", String(n)) : `${name} ${n}`);
  const focusBlock = (n: number) =>
    requestAnimationFrame(() => list.current?.querySelector<HTMLElement>(`[data-block="${n}"] > .form-heading`)?.focus());

  const add = async () => {
    if (await setBlocks(item.id, count + 1, `Error adding another ${inSentence}`)) focusBlock(count + 1);
  };
  const remove = async () => {
    if (await setBlocks(item.id, count - 1, `Error removing ${titleOf(count)}`)) focusBlock(count - 1);
  };
  return (
    <div className="form-blocks" ref={list}>
      {item.help && <p className="section-help">{item.help}</p>}
      {blocks.map((block, i) => (
        <section key={i} className="form-block" data-block={i + 1} aria-labelledby={`${view.id}-${i + 1}`}>
          <Heading level={level} id={`${view.id}-${i + 1}`} focusable>{titleOf(i + 1)}</Heading>
          <div className="form-items"><Items items={block} level={deeper(level)} /></div>
          {isLoggedIn && i === count - 1 && count > 1 && (
            <button type="button" className="button button-quiet" onClick={() => void remove()}>Remove {titleOf(i + 1)}</button>
          )}
        </section>
      ))}
      {isLoggedIn && count < item.max && (
        <button type="button" className="button button-secondary add-block" onClick={() => void add()}>+ {item.addLabel}</button>
      )}
    </div>
  );
}

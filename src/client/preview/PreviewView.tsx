// The preview (npm run preview, docs/definitions-reference.md; the office's Preview page): the pages drawn from the
// definitions by the applicants' own renderer, for a visitor with super-powers. A bar picks the
// page, the day, the entry term and a sample answer set, and shows hidden items and errors; every
// lint finding is listed at the top and beside its item. The settings live in the address, so a
// reload (a saved file, a new day) keeps them; answers live in memory only (./memory-saver.ts).
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { localToday } from "../../engine/dates";
import type { Answers } from "../../engine/runtime";
import { revalidate, useChanges } from "../form/changes";
import { form } from "../form/model";
import { Items, ItemFrame } from "../form/Renderer";
import { bannerText } from "../institution";
import { useAnswer, useAnswers } from "../state/answers";
import { SaverContext } from "../state/saver";
import { useSession } from "../state/session";
import { everyItem, findingsByItem, type PreviewFinding } from "./findings";
import { FindingsList } from "./FindingsList";
import { createMemorySaver } from "./memory-saver";
import { PreviewItem, PreviewItemsContext } from "./PreviewItem";

/** The question the entry term control answers. */
const ENTRY_TERM = "entry_term";

/** The entry terms the form offers. */
function entryTerms() {
  const options = form.owners.get(ENTRY_TERM)?.item.options;
  return options?.kind === "list" ? options.options : [];
}

/** The entry term and its label, as choosing it in the form stores them. */
const termAnswers = (value: string): Answers => ({
  [ENTRY_TERM]: value,
  [`${ENTRY_TERM}_desc`]: entryTerms().find((t) => t.value === value)?.label ?? "",
});

export interface PreviewViewProps {
  findings: readonly PreviewFinding[];
  /** Answer sets by name (examples/answers/). */
  samples: Record<string, Answers>;
}

/** The bar's settings, as the address keeps them (the day is read where the clock is set). */
interface Settings {
  page: string;
  answers: string;
  term: string;
  hidden: boolean;
  errors: boolean;
}

const settingsOf = (params: URLSearchParams): Settings => ({
  page: params.get("page") ?? form.pages[0]!.page,
  answers: params.get("answers") ?? "",
  term: params.get("term") ?? "",
  hidden: params.get("hidden") === "1",
  errors: params.get("errors") === "1",
});

function paramsOf(settings: Settings, today: string | null): URLSearchParams {
  const params = new URLSearchParams();
  if (settings.page !== form.pages[0]!.page) params.set("page", settings.page);
  if (today) params.set("today", today);
  if (settings.answers) params.set("answers", settings.answers);
  if (settings.term) params.set("term", settings.term);
  if (settings.hidden) params.set("hidden", "1");
  if (settings.errors) params.set("errors", "1");
  return params;
}

export function PreviewView({ findings, samples }: PreviewViewProps) {
  const [params, setParams] = useSearchParams();
  // The bar's own state, copied to the address: the router updates the address in a transition,
  // and a control drawn from it would flick back until that lands.
  const [settings, setSettings] = useState(() => settingsOf(params));
  const latest = useRef(settings);
  const [saver] = useState(() => {
    start(settings, samples);
    return createMemorySaver();
  });
  useEffect(() => () => saver.dispose(), [saver]);
  const today = params.get("today");
  const update = (changes: Partial<Settings>) => {
    latest.current = { ...latest.current, ...changes };
    setSettings(latest.current);
    setParams(paramsOf(latest.current, today), { replace: true });
  };
  const placed = useMemo(() => findingsByItem(findings, everyItem(form.pages.flatMap((page) => page.items))), [findings]);
  return (
    <SaverContext value={saver}>
      <PreviewBar samples={samples} settings={settings} update={update} />
      <FindingsList findings={findings} />
      <PreviewPage placed={placed} settings={settings} />
    </SaverContext>
  );
}

/**
 * Before the first drawing: a visitor, whoever opens it (an applicant's cookie in this browser
 * would otherwise offer the tabs' switches and the blocks' buttons, which save), with the sample
 * and the term the address names.
 */
function start({ answers, term, errors }: Settings, samples: Record<string, Answers>): void {
  useSession.setState({ is_logged_in: false, is_service_user: false, web_status: errors ? "validating" : null });
  useAnswers.getState().replaceAll({ ...samples[answers], ...(term && termAnswers(term)) });
  if (errors) void revalidate();
}

function PreviewPage({ placed, settings }: { placed: Map<string, PreviewFinding[]>; settings: Settings }) {
  const page = form.pages.find((p) => p.page === settings.page) ?? form.pages[0]!;
  const showHidden = settings.hidden;
  const items = useMemo(() => ({ showHidden, placed }), [showHidden, placed]);
  const banner = bannerText(localToday());
  return (
    <article className="preview-page" aria-labelledby="preview-page-title">
      {banner && <p className="banner" role="note">{banner}</p>}
      <h2 id="preview-page-title" className="page-title">{page.title}</h2>
      <PreviewItemsContext value={items}>
        <ItemFrame value={PreviewItem}>
          <form className="form-items form-body" noValidate onSubmit={(event) => event.preventDefault()}>
            <Items key={page.page} items={page.items} level={3} />
          </form>
        </ItemFrame>
      </PreviewItemsContext>
    </article>
  );
}

interface PreviewBarProps {
  samples: Record<string, Answers>;
  settings: Settings;
  update: (changes: Partial<Settings>) => void;
}

function PreviewBar({ samples, settings, update }: PreviewBarProps) {
  const { change } = useChanges();
  const term = String(useAnswer(ENTRY_TERM) ?? "");
  const termQuestion = form.owners.get(ENTRY_TERM)?.item;

  const chooseSample = (name: string) => {
    useAnswers.getState().replaceAll({ ...samples[name] });
    update({ answers: name, term: "" });
    if (settings.errors) void revalidate();
  };
  const chooseTerm = (value: string) => {
    change(termAnswers(value));
    update({ term: value });
  };
  const showErrors = (isShown: boolean) => {
    useSession.setState({ web_status: isShown ? "validating" : null });
    update({ errors: isShown });
    if (isShown) void revalidate();
  };
  // A new day reloads the page: the year lists are counted when the definitions load (./clock.ts).
  const setDay = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const day = String(new FormData(event.currentTarget).get("today") ?? "");
    location.assign(`${location.pathname}?${paramsOf(settings, day).toString()}`);
  };

  return (
    <section className="preview-bar" aria-label="Preview settings">
      <label className="preview-control">
        <span>Page</span>
        <select value={settings.page} onChange={(e) => update({ page: e.target.value })}>
          {form.pages.map((page) => <option key={page.page} value={page.page}>{page.step}. {page.title}</option>)}
        </select>
      </label>
      <form className="preview-control preview-day" onSubmit={setDay}>
        <label>
          <span>Today</span>
          <input type="date" name="today" defaultValue={localToday()} required />
        </label>
        <button type="submit" className="button button-secondary">Set the day</button>
      </form>
      {termQuestion && (
        <label className="preview-control">
          <span>{(termQuestion.item as { label?: string }).label ?? ENTRY_TERM}</span>
          <select value={term} onChange={(e) => chooseTerm(e.target.value)}>
            <option value="">(none)</option>
            {entryTerms().map((t) => <option key={String(t.value)} value={String(t.value)}>{t.label}</option>)}
          </select>
        </label>
      )}
      <label className="preview-control">
        <span>Answers</span>
        <select value={settings.answers} onChange={(e) => chooseSample(e.target.value)}>
          <option value="">None</option>
          {Object.keys(samples).map((name) => <option key={name} value={name}>{name}</option>)}
        </select>
      </label>
      <label className="preview-check">
        <input type="checkbox" checked={settings.hidden} onChange={(e) => update({ hidden: e.target.checked })} />
        <span>Show hidden items</span>
      </label>
      <label className="preview-check">
        <input type="checkbox" checked={settings.errors} onChange={(e) => showErrors(e.target.checked)} />
        <span>Show errors</span>
      </label>
    </section>
  );
}

// The preview (README: npm run preview; the office's Preview page): the pages drawn from the
// definitions by the applicants' own renderer, for a visitor with super-powers. A bar picks the
// page, the day, the entry term and a sample answer set, and shows hidden items and errors; every
// lint finding is listed at the top and beside its item. The settings live in the address, so a
// reload (a saved file, a new day) keeps them; answers live in memory only (./memory-saver.ts).
import { useLayoutEffect, useMemo, useState, type FormEvent } from "react";
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

export function PreviewView({ findings, samples }: PreviewViewProps) {
  const [saver] = useState(createMemorySaver);
  const [params] = useSearchParams();
  const [ready, setReady] = useState(false);
  // A visitor, whoever opens it (an applicant's cookie in this browser would otherwise offer the tabs'
  // switches and the blocks' buttons, which save); the sample and the term from the address.
  useLayoutEffect(() => {
    useSession.setState({ is_logged_in: false, is_service_user: false, web_status: params.get("errors") ? "validating" : null });
    const sample = samples[params.get("answers") ?? ""];
    const term = params.get("term");
    useAnswers.getState().replaceAll({ ...sample, ...(term && termAnswers(term)) });
    setReady(true);
    return () => saver.dispose();
    // Once per visit: later changes of the address are the bar's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const placed = useMemo(() => findingsByItem(findings, everyItem(form.pages.flatMap((page) => page.items))), [findings]);
  if (!ready) return null;
  return (
    <SaverContext value={saver}>
      <PreviewBar samples={samples} />
      <FindingsList findings={findings} />
      <PreviewPage placed={placed} />
    </SaverContext>
  );
}

function PreviewPage({ placed }: { placed: Map<string, PreviewFinding[]> }) {
  const [params] = useSearchParams();
  const page = form.pages.find((p) => p.page === params.get("page")) ?? form.pages[0]!;
  const showHidden = params.get("hidden") === "1";
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

function PreviewBar({ samples }: { samples: Record<string, Answers> }) {
  const [params, setParams] = useSearchParams();
  const { change } = useChanges();
  const term = String(useAnswer(ENTRY_TERM) ?? "");
  const termQuestion = form.owners.get(ENTRY_TERM)?.item;
  const set = (changes: Record<string, string | null>) =>
    setParams((now) => {
      const next = new URLSearchParams(now);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === "") next.delete(name);
        else next.set(name, value);
      }
      return next;
    }, { replace: true });

  const chooseSample = (name: string) => {
    useAnswers.getState().replaceAll(samples[name] ? { ...samples[name] } : {});
    set({ answers: name, term: null });
    if (useSession.getState().web_status === "validating") void revalidate();
  };
  const chooseTerm = (value: string) => {
    change(termAnswers(value));
    set({ term: value });
  };
  const showErrors = (isShown: boolean) => {
    useSession.setState({ web_status: isShown ? "validating" : null });
    set({ errors: isShown ? "1" : null });
    if (isShown) void revalidate();
  };
  // A new day reloads the page: the year lists are counted when the definitions load (./clock.ts).
  const setDay = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const day = String(new FormData(event.currentTarget).get("today") ?? "");
    const next = new URLSearchParams(params);
    if (day) next.set("today", day);
    else next.delete("today");
    location.assign(`${location.pathname}?${next.toString()}`);
  };

  return (
    <section className="preview-bar" aria-label="Preview settings">
      <label className="preview-control">
        <span>Page</span>
        <select value={params.get("page") ?? form.pages[0]!.page} onChange={(e) => set({ page: e.target.value })}>
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
        <select value={params.get("answers") ?? ""} onChange={(e) => chooseSample(e.target.value)}>
          <option value="">None</option>
          {Object.keys(samples).map((name) => <option key={name} value={name}>{name}</option>)}
        </select>
      </label>
      <label className="preview-check">
        <input type="checkbox" checked={params.get("hidden") === "1"} onChange={(e) => set({ hidden: e.target.checked ? "1" : null })} />
        <span>Show hidden items</span>
      </label>
      <label className="preview-check">
        <input type="checkbox" checked={params.get("errors") === "1"} onChange={(e) => showErrors(e.target.checked)} />
        <span>Show errors</span>
      </label>
    </section>
  );
}

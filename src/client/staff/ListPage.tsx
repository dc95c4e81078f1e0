// The application list (/staff/applications): the filter and sort in the address, 50 a page by the server's
// keyset cursor, "Next 50" and "Previous" (the cursors before are kept for going back).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router";
import { staffApi, useDecisionChoices, type ApplicationFilter } from "./api";
import { ApplicationTable } from "./ApplicationTable";
import { ExportControl } from "./ExportControl";
import { ReleaseDecisions } from "./ReleaseDecisions";
import { DEFAULT_SORT, filterFrom, filterSearch, isFiltered, requestFilter } from "./filter";
import { ListFilters } from "./ListFilters";
import { useCursors } from "./paging";
import { LIST_PATH, isAdmin, useStaffSelf } from "./session";
import { useStaffTitle } from "./useStaffTitle";

export function ListPage() {
  useStaffTitle("Applications");
  const navigate = useNavigate();
  const filter = filterFrom(useSearchParams()[0]);
  const self = useStaffSelf();
  const search = filterSearch(filter);
  const cursors = useCursors<string>(search);
  const list = useQuery({
    queryKey: ["applications", search, cursors.current ?? null],
    queryFn: () => staffApi.applications(requestFilter(filter), cursors.current),
    // The page shown stays while the next loads: the table does not jump.
    placeholderData: keepPreviousData,
  });
  const setFilter = (next: ApplicationFilter, typing = false) => void navigate({ pathname: LIST_PATH, search: filterSearch(next) }, { replace: typing });
  const decisions = useDecisionChoices();

  return (
    <>
      <h1>Applications</h1>
      <ListFilters filter={filter} decisions={decisions.data ?? []} onChange={setFilter} />
      {list.isPending ? (
        <p role="status">Loading applications…</p>
      ) : list.isError ? (
        <p role="alert" className="notice notice-error">{list.error.message}</p>
      ) : (
        <section aria-labelledby="list-count" aria-busy={list.isFetching}>
          <div className="list-bar">
            <p id="list-count" role="status" className="list-count">Showing {list.data.rows.length} of {list.data.total}</p>
            {isFiltered(filter) && <Link to={{ pathname: LIST_PATH, search: filterSearch({ sort: filter.sort }) }}>Clear the filter</Link>}
          </div>
          {self.data && isAdmin(self.data.role) && list.data.total > 0 && (
            <div className="list-actions">
              <ExportControl filter={filter} total={list.data.total} />
              <ReleaseDecisions filter={filter} total={list.data.total} />
            </div>
          )}
          {list.data.rows.length === 0 ? (
            <p className="empty-state">{isFiltered(filter) ? "No applications match this filter." : "There are no applications yet."}</p>
          ) : (
            <ApplicationTable rows={list.data.rows} sort={filter.sort ?? DEFAULT_SORT} onSort={(sort) => setFilter({ ...filter, sort })} search={search} />
          )}
          <nav className="pager" aria-label="Pages of applications">
            <button type="button" className="button button-secondary" disabled={cursors.isFirst || list.isPlaceholderData} onClick={cursors.previous}>Previous</button>
            <button type="button" className="button button-secondary" disabled={list.data.next === null || list.isPlaceholderData} onClick={() => list.data.next !== null && cursors.next(list.data.next)}>
              Next 50
            </button>
          </nav>
        </section>
      )}
    </>
  );
}

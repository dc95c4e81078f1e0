// How the PDF copy of an application stands, asked again while it is being made: the applicant's
// on the status page (./PdfCopy.tsx) and the office's beside an application's documents
// (../staff/Documents.tsx). The server makes the copy; the page only asks.
import { useRef } from "react";
import { useQuery, type QueryClient, type UseQueryOptions } from "@tanstack/react-query";
import type { PdfCopy } from "../api/calls";

/** Not made yet: no answer yet, waiting for the printer, or being printed. */
export const isBeingMade = (pdfCopy: PdfCopy | undefined) => !pdfCopy || pdfCopy.status === "UNPROCESSED" || pdfCopy.status === "IN_PROGRESS";

interface PdfCopyPauses {
  /** Between asks while the copy is being made. */
  pendingMs: number;
  /**
   * Between asks once an answer was not "being made" (or the ask failed), whatever the later ones
   * say; without it, asked no more from then on.
   */
  settledMs?: number;
}

type PdfCopyQuery = Pick<UseQueryOptions<PdfCopy>, "queryKey" | "queryFn" | "enabled" | "staleTime" | "gcTime"> & {
  /** Read at every ask: tests shorten them. */
  pauses: PdfCopyPauses;
};

export function usePdfCopy({ pauses, ...query }: PdfCopyQuery, queryClient?: QueryClient) {
  const hasSettled = useRef(false);
  return useQuery(
    {
      ...query,
      refetchInterval: (asked) => {
        if (asked.state.status === "error" || !isBeingMade(asked.state.data)) hasSettled.current = true;
        return hasSettled.current ? (pauses.settledMs ?? false) : pauses.pendingMs;
      },
    },
    queryClient,
  );
}

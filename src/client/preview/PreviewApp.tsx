// What the preview page (./main.tsx) draws once the definitions load: the preview view with the
// router and query client the form's widgets expect, and the sample answer sets.
import { QueryClientProvider } from "@tanstack/react-query";
import { BrowserRouter } from "react-router";
import { queryClient } from "../api/queries";
import type { PreviewFinding } from "./findings";
import { PreviewView } from "./PreviewView";
import { samples } from "./samples";

export function PreviewApp({ findings }: { findings: readonly PreviewFinding[] }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <PreviewView findings={findings} samples={samples} />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

// The office's preview (admins): the applicants' pages drawn from the definitions this server
// runs, with the preview's bar and the lint findings of the build (src/client/preview). Read-only
// in effect: anything typed stays in this page's memory.
import { useLayoutEffect, useState } from "react";
import { useSearchParams } from "react-router";
import findings from "virtual:lint-findings";
import { installClock, restoreClock } from "../preview/clock";
import { PreviewView } from "../preview/PreviewView";
import { samples } from "../preview/samples";
import { useStaffTitle } from "./useStaffTitle";

export function PreviewPage() {
  useStaffTitle("Preview");
  const today = useSearchParams()[0].get("today");
  // The route sets the day before the definitions load (StaffRoutes), this before the page is
  // drawn (coming back to it); leaving gives the office its own clock back.
  useState(() => installClock(today));
  useLayoutEffect(() => {
    installClock(today);
    return restoreClock;
  }, [today]);
  return (
    <div className="preview">
      <h1>Preview of the application</h1>
      <p>The pages as applicants see them, from the definitions this office runs. Nothing typed here is saved.</p>
      <PreviewView findings={findings} samples={samples} />
    </div>
  );
}

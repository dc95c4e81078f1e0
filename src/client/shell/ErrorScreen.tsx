/** The root error screen for a page that failed; the error goes to the console. */
export function ErrorScreen() {
  return (
    <main className="error-screen">
      <h1>Something went wrong.</h1>
      <p>The issue that caused you to see this has been logged. We will get it fixed as soon as possible.</p>
      <p><a className="button button-primary" href="/">Back to my application</a></p>
    </main>
  );
}

export function meta() {
  return [{ title: 'Minimal page' }];
}

export default function Home() {
  return (
    <main>
      <h1>Minimal page</h1>
      <p>The smallest server-rendered React Router page.</p>
    </main>
  );
}

/**
 * One action on the stand-in CMS's content admin (`POST /admin/content/<route>`), as the bench,
 * its editor thread and the differential run make them: the admin secret as a bearer token, the
 * body as JSON. Resolves to the admin's JSON answer (the content change events it sent).
 */
export async function postContentAdmin(backendUrl: string, adminSecret: string, route: string, body: unknown): Promise<unknown> {
  const response = await fetch(`${backendUrl}/admin/content/${route}`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminSecret}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`content admin ${route}: ${response.status} ${await response.text()}`);
  return response.json();
}

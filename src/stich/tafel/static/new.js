// The form that opens a new pad (stich serve's /tafel/): sends it, then goes to the keeper's page.
"use strict";
const form = document.getElementById("new");
form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const f = new FormData(form);
  const r = await fetch(form.dataset.base + "/new", {
    method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: f.get("game"), names: f.get("names").split(","), preset: f.get("preset") }),
  });
  const d = await r.json();
  if (!r.ok) { document.getElementById("error").textContent = d.detail; return; }
  location.href = d.keeper;
});

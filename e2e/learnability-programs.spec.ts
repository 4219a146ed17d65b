import { expect, test } from '@playwright/test';
import { attach, events, openHost } from './fixtures/sandbox/host-client.ts';

/**
 * Issue 19's second half: ten programs for common requests, written from the system prompt alone
 * (plain-string text roles, the request → type map), each rendered in the real sandbox with no
 * error and no fallback box, and clicked.
 */

interface Program {
  request: string;
  code: string;
  shows: string;
  click: { role: 'button' | 'checkbox' | 'switch' | 'tab' | 'radio' | 'text'; name: string };
  then: string;
}

const PROGRAMS: Program[] = [
  { request: 'a counter', code: `const { group, render } = suip; let n = 0;
const view = () => group("card", [["title", "Counter"], ["value", "Count: " + n], ["inc", group("button", [["label", "Add"]], { on: { click: () => { n++; render(view()); } } })]]);
render(view());`, shows: 'Count: 0', click: { role: 'button', name: 'Add' }, then: 'Count: 1' },
  { request: 'a to-do list', code: `const { group, render } = suip; const todos = [{ id: "a", t: "Water plants", done: false }];
const view = () => group("card", [["title", "To-do"], ["list", group("list", todos.map((x) => [x.id, group("checkbox", [["label", x.t], ["checked", String(x.done)]], { on: { change: { handler: (e) => { x.done = e.checked; render(view()); }, data: "checked" } } })]))], ["left", todos.filter((x) => !x.done).length + " left"]]);
render(view());`, shows: '1 left', click: { role: 'checkbox', name: 'Water plants' }, then: '0 left' },
  { request: 'a dropdown to pick a size', code: `const { group, render } = suip; let size = "m";
const view = () => group("column", [["pick", group("choice", [["label", "Size"], ["value", size], ["s", "Small"], ["m", "Medium"], ["l", "Large"]], { on: { change: { handler: (e) => { size = e.value; render(view()); }, data: "value" } } })], ["shown", "Chosen: " + size]]);
render(view());`, shows: 'Chosen: m', click: { role: 'radio', name: 'Large' }, then: 'Chosen: l' },
  { request: 'a dark-mode switch', code: `const { group, render } = suip; let on = false;
const view = () => group("column", [["t", group("toggle", [["label", "Dark mode"], ["checked", String(on)]], { on: { change: { handler: (e) => { on = e.checked; render(view()); }, data: "checked" } } })], ["s", on ? "Dark is on" : "Dark is off"]]);
render(view());`, shows: 'Dark is off', click: { role: 'switch', name: 'Dark mode' }, then: 'Dark is on' },
  { request: 'tabs with two sections', code: `const { group, render } = suip; let tab = "a";
render(group("tabs", [["a", group("section", [["title", "Overview"], ["body", "All good."]])], ["b", group("section", [["title", "Details"], ["body", "Nothing more."]])]]));`, shows: 'All good.', click: { role: 'tab', name: 'Details' }, then: 'Nothing more.' },
  { request: 'a sign-up form with validation', code: `const { group, render } = suip; let error = "";
const view = () => group("form", [["title", "Sign up"], ["email", group("text-field", [["label", "Email"], ["kind", "email"], ...(error ? [["error", error]] : [])])], ["submit", "Create account"]], { on: { submit: { handler: (e) => { error = /@/.test(e.formData.email) ? "" : "Enter an email address."; render(view()); }, preventDefault: true, data: "formData" } } });
render(view());`, shows: 'Sign up', click: { role: 'button', name: 'Create account' }, then: 'Enter an email address.' },
  { request: 'a dashboard with KPIs', code: `const { group, render, text } = suip; let range = 7;
const view = () => group("column", [["kpis", group("stats", [["users", group("stat", [["label", "Users"], ["value", String(range * 100)]])], ["orders", group("stat", [["label", "Orders"], ["value", String(range * 9)]])]])], ["chart", group("chart-bar", [["title", "Visits"], ["data", text(JSON.stringify({ labels: ["Mon", "Tue"], datasets: [{ label: "Visits", data: [3, 5] }] }), "application/json")]])], ["r", group("button", [["label", "Last 30 days"]], { on: { click: () => { range = 30; render(view()); } } })]]);
render(view());`, shows: '700', click: { role: 'button', name: 'Last 30 days' }, then: '3000' },
  { request: 'a chat', code: `const { group, render } = suip; const msgs = [{ id: "m1", who: "Ada", t: "Hello!" }];
const view = () => group("column", [["log", group("list", msgs.map((m) => [m.id, group("card", [["title", m.who], ["body", m.t]])]))], ["send", group("button", [["label", "Say hi"]], { on: { click: () => { msgs.push({ id: "m" + (msgs.length + 1), who: "You", t: "Hi Ada" }); render(view()); } } })]]);
render(view());`, shows: 'Hello!', click: { role: 'button', name: 'Say hi' }, then: 'Hi Ada' },
  { request: 'an FAQ', code: `const { group, render } = suip;
render(group("accordion", [["q1", group("section", [["title", "Is it free?"], ["body", "Yes, it is free."]])]]));`, shows: 'Is it free?', click: { role: 'text', name: 'Is it free?' }, then: 'Yes, it is free.' },
  { request: 'a timer notice', code: `const { group, render } = suip; let left = 3; let started = false;
const view = () => group("column", [["a", group("alert", [["tone", "info"], ["message", started ? "Seconds left: " + left : "Not started"]])], ["go", group("button", [["label", "Start"]], { on: { click: () => { started = true; render(view()); const t = setInterval(() => { left--; render(view()); if (left === 0) clearInterval(t); }, 100); } } })]]);
render(view());`, shows: 'Not started', click: { role: 'button', name: 'Start' }, then: 'Seconds left: 0' },
];

for (const program of PROGRAMS) {
  test(`from the prompt alone: ${program.request}`, async ({ page }) => {
    await openHost(page);
    expect(await attach(page, 'g', program.code)).toMatchObject({ ok: true });
    const tree = page.locator('suip-tree');
    await expect(tree.getByText(program.shows, { exact: true })).toBeVisible({ timeout: 15_000 });
    const { role, name } = program.click;
    await (role === 'text' ? tree.getByText(name, { exact: true }) : tree.getByRole(role, { name })).click();
    await expect(tree.getByText(program.then, { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(tree.locator('suip-unknown')).toHaveCount(0);
    const errors = (await events(page)).filter((e) => e.type === 'suip-error' || (e.detail as { status?: string }).status === 'error');
    expect(errors).toEqual([]);
  });
}

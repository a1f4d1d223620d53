// Items as HTTPie reads them: the first unescaped separator decides.
import { describe, expect, it } from "vitest";
import { type Item, readItem } from "../../src/cli/read-item.js";

const item = (
  kind: Item["kind"],
  name: string,
  value: string,
  append = false,
  path: Item["path"] = append ? [null] : [],
): Item => ({ kind, name, value, append, path });

describe("readItem", () => {
  it.each<[string, Item | undefined]>([
    ["owner=octokit", item("string", "owner", "octokit")],
    ["per_page:=100", item("json", "per_page", "100")],
    ["body=@notes.md", item("string-file", "body", "notes.md")],
    ["labels:=@labels.json", item("json-file", "labels", "labels.json")],
    ["state==open", item("query", "state", "open")],
    ["a===b", item("query", "a", "=b")],
    ["Accept:application/json", item("header", "Accept", "application/json")],
    ["Accept:", item("header", "Accept", "")],
    ["X-Empty;", item("empty-header", "X-Empty", "")],
    ["X;y=z", item("string", "X;y", "z")],
    ["q=repo:o/r is:open a=b", item("string", "q", "repo:o/r is:open a=b")],
    ["X-Note:a=b:c", item("header", "X-Note", "a=b:c")],
    ["labels[]=bug", item("string", "labels", "bug", true)],
    ["ids[]:=2", item("json", "ids", "2", true)],
    ["f[]=@x", item("string-file", "f", "x", true)],
    ["j[]:=@x", item("json-file", "j", "x", true)],
    ["labels[]==bug", item("query", "labels[]", "bug")],
    // HTTPie 3's nested keys, for parameters only.
    ["user[name]=x", item("string", "user", "x", false, ["name"])],
    ["a[b][0][]:=1", item("json", "a", "1", false, ["b", 0, null])],
    ["a[0]=x", item("string", "a", "x", false, [0])],
    ["a[b]c=x", item("string", "a[b]c", "x")],
    ["a[b=x", item("string", "a[b", "x")],
    ["a[\\]]=x", item("string", "a", "x", false, ["]"])],
    ["[x]=1", undefined],
    ["a\\=b=c", item("string", "a=b", "c")],
    ["a\\:b:c", item("header", "a:b", "c")],
    ["text=\\@me", item("string", "text", "@me")],
    ["l\\[\\]=x", item("string", "l[]", "x")],
    ["l[\\]=x", item("string", "l[]", "x")],
    ["a\\\\=b", item("string", "a\\", "b")],
    ["p=C:\\dir\\n", item("string", "p", "C:\\dir\\n")],
    ['q:="a\\\\b"', item("json", "q", '"a\\\\b"')],
    ["owner", undefined],
    ["=v", undefined],
    ["==v", undefined],
    ["[]=v", undefined],
    ["\\=", undefined],
    ["", undefined],
  ])("%j", (text, expected) => {
    expect(readItem(text)).toStrictEqual(expected);
  });
});

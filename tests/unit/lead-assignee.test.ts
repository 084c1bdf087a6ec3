// Today's member filter read from the URL, and what each role may ask for; the reassign form's schema.
import { describe, expect, it } from "vitest";

import { allowedTodayMember, EVERYONE, ReassignSchema, sameTodayMember, todayMemberOf } from "#app/domain/leads/assignee.ts";

const of = (query: string) => todayMemberOf(new URLSearchParams(query));

describe("Today's member filter", () => {
  it("reads ?member= as everyone's, one member's, or (blank, missing, too long) the member's own", () => {
    expect(of(`member=${EVERYONE}`)).toEqual({ kind: "everyone" });
    expect(of("member=user-1")).toEqual({ kind: "member", userId: "user-1" });
    expect(of("member=")).toEqual({ kind: "self" });
    expect(of("")).toEqual({ kind: "self" });
    expect(of(`member=${"x".repeat(65)}`)).toEqual({ kind: "self" });
  });

  it("gives anyone who may not see everyone's Today their own, whatever they asked", () => {
    expect(allowedTodayMember({ kind: "everyone" }, true)).toEqual({ kind: "everyone" });
    expect(allowedTodayMember({ kind: "member", userId: "u" }, true)).toEqual({ kind: "member", userId: "u" });
    expect(allowedTodayMember({ kind: "everyone" }, false)).toEqual({ kind: "self" });
    expect(allowedTodayMember({ kind: "member", userId: "u" }, false)).toEqual({ kind: "self" });
  });

  it("tells whether the read beside the session is the one the page may show", () => {
    expect(sameTodayMember({ kind: "self" }, { kind: "self" })).toBe(true);
    expect(sameTodayMember({ kind: "member", userId: "a" }, { kind: "member", userId: "a" })).toBe(true);
    expect(sameTodayMember({ kind: "member", userId: "a" }, { kind: "member", userId: "b" })).toBe(false);
    expect(sameTodayMember({ kind: "self" }, { kind: "everyone" })).toBe(false);
  });
});

describe("the reassign form", () => {
  it("needs the lead and a member, in words", () => {
    expect(ReassignSchema.safeParse({ propertyId: "p", assignedTo: " u " }).data).toEqual({ propertyId: "p", assignedTo: "u" });
    const blank = ReassignSchema.safeParse({ propertyId: "p", assignedTo: "" });
    expect(blank.error?.issues.map((issue) => issue.message)).toEqual(["Choose a member of this workspace."]);
  });
});

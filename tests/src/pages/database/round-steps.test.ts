/** The schedule's round bar steps through the rounds the server holds, whatever their numbers. */
import { describe, expect, it } from 'vitest';
import { roundSteps } from '../../../../src/pages/database/round-steps';

const rounds = [
  { round: 9, day: '2026-10-24' },
  { round: 10, day: '2026-10-31' },
  { round: 13, day: '2026-11-21' },
  { round: 14, day: '2027-02-16', name: '附加赛 首回合' },
];

describe('roundSteps', () => {
  it('the first round held has no previous one, even when it is not round 1', () => {
    expect(roundSteps(rounds, 9)).toEqual({ current: rounds[0], prev: undefined, next: rounds[1] });
  });
  it('steps over round numbers the server does not hold', () => {
    expect(roundSteps(rounds, 10).next).toEqual(rounds[2]);
    expect(roundSteps(rounds, 13).prev).toEqual(rounds[1]);
  });
  it('a knockout round keeps its name; an unknown round has no neighbours', () => {
    expect(roundSteps(rounds, 14)).toEqual({ current: rounds[3], prev: rounds[2], next: undefined });
    expect(roundSteps(rounds, 11)).toEqual({ current: undefined, prev: undefined, next: undefined });
  });
});

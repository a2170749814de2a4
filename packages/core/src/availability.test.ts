import { describe, expect, it } from 'vitest';
import { AVAILABILITY_LABELS, availabilityColor, availabilityOf } from './availability.js';

const wordsFor = (total: number) => Array.from({ length: total + 1 }, (_, free) => AVAILABILITY_LABELS[availabilityOf(free, total)]);

describe('availabilityOf: the share of lanes free', () => {
  it('one lane: free is Available, never "Almost full"', () => {
    expect(wordsFor(1)).toEqual(['Full', 'Available']);
  });

  it('two lanes: one or two free is Available', () => {
    expect(wordsFor(2)).toEqual(['Full', 'Available', 'Available']);
  });

  it('three lanes: one free is Filling up (a third), two or three Available', () => {
    expect(wordsFor(3)).toEqual(['Full', 'Filling up', 'Available', 'Available']);
  });

  it('ten lanes: up to a quarter free is Almost full, up to a half Filling up, more Available', () => {
    expect(wordsFor(10)).toEqual([
      'Full',
      'Almost full',
      'Almost full',
      'Filling up',
      'Filling up',
      'Filling up',
      'Available',
      'Available',
      'Available',
      'Available',
      'Available',
    ]);
  });

  it('no lanes at all is Full', () => {
    expect(availabilityOf(0, 0)).toBe('full');
  });

  it('colours: high is the primary colour, moderate the amber, low and full the red of the specification', () => {
    expect(availabilityColor('high', '#286eed')).toBe('#286eed');
    expect(availabilityColor('moderate', '#286eed')).toBe('#d59d00');
    expect(availabilityColor('low', '#286eed')).toBe('#ff7171');
    expect(availabilityColor('full', '#286eed')).toBe('#ff7171');
  });
});

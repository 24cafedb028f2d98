import { render, screen } from '@testing-library/react';
import { GroupProgress, groupProgressText } from './GroupProgress';

const gathering = (booked: number, confirmed = false) => ({ min: 6, booked, decides_at: '2026-12-01T07:00:00Z', confirmed });

describe('GroupProgress (issue 32 §1)', () => {
  it('says how far the group is, with a progress bar a screen reader reads', () => {
    render(<GroupProgress gathering={gathering(4)} decisionText="Если группа не наберётся к 1 декабря, экскурсию отменят." />);
    expect(screen.getByText('Группа набирается: 4 из 6 — экскурсия состоится, когда наберётся 6.').tagName).toBe('P');
    const bar = screen.getByRole('progressbar', { name: /Группа набирается: 4 из 6/ });
    expect(bar.getAttribute('max')).toBe('6');
    expect(bar.getAttribute('value')).toBe('4');
    expect(bar.getAttribute('aria-valuetext')).toBe('4 из 6, нужно ещё 2 человека');
    expect(screen.getByText(/Если группа не наберётся/).tagName).toBe('P');
  });

  it('a gathered or confirmed group says it runs, without the decision note', () => {
    render(<GroupProgress gathering={gathering(7)} decisionText="срок" />);
    expect(screen.getByRole('progressbar').getAttribute('value')).toBe('6');
    expect(screen.queryByText('срок')).toBeNull();
    expect(groupProgressText(gathering(6))).toBe('Группа собралась: 6 из 6 — экскурсия состоится.');
    expect(groupProgressText(gathering(2, true))).toBe('Группа собралась: экскурсия состоится.');
  });
});

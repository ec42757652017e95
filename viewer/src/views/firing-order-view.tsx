import { measureElement, observeElementRect, useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef, type RefObject } from 'react';
import type { GraphEvent, GraphRule } from '../../../compiler/graph-types';
import { consentGate, consentSentence } from '../data/consent-gate';
import { href, RuleLink } from '../layout/links';
import { RuleSteps } from './rule-steps';
import type { ViewProps } from './view-props';

// Pick an event; see its rules in the exact order the runtime runs them (graph.events[].rules),
// each with its conditions and actions in plain words.

function EventGroup({ env, title, events, current, all }: { env: string; title: string; events: GraphEvent[]; current: string | null; all: boolean }) {
  if (events.length === 0) return null;
  return (
    <>
      <h3 className="event-group">{title}</h3>
      <ul>
        {events.map((e) => (
          <li key={e.key}>
            <a href={href(env, 'firing', e.key, all ? { all: '1' } : undefined)} aria-current={e.key === current ? 'page' : undefined} className={e.rules.length ? '' : 'muted'}>
              <span>{e.label}</span>{' '}
              <span className="count">
                {e.rules.length}
                <span className="visually-hidden"> {e.rules.length === 1 ? 'rule' : 'rules'}</span>
              </span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

function EventList({ env, events, current, all }: { env: string; events: GraphEvent[]; current: string | null; all: boolean }) {
  const shown = all ? events : events.filter((e) => e.rules.length > 0 || e.key === current);
  return (
    <nav aria-label="Events" className="event-list">
      <EventGroup env={env} title="Data-layer events" events={shown.filter((e) => e.kind === 'dataLayer')} current={current} all={all} />
      <EventGroup env={env} title="Page and browser events" events={shown.filter((e) => e.kind !== 'dataLayer')} current={current} all={all} />
      <a className="link small" href={href(env, 'firing', current, all ? undefined : { all: '1' })}>
        {all ? 'Only events with rules' : `Also events without rules (${events.length - shown.length})`}
      </a>
    </nav>
  );
}

function FiringRule({ env, rule, step, total, index, measure }: { env: string; rule: GraphRule; step: number; total: number; index?: number; measure?: (el: HTMLLIElement | null) => void }) {
  return (
    <li className="firing-rule" data-rule={rule.id} data-index={index} ref={measure} aria-setsize={index === undefined ? undefined : total} aria-posinset={index === undefined ? undefined : step}>
      <header>
        <span className="step-no" aria-hidden="true">
          {step}
        </span>
        <h3>
          <RuleLink env={env} id={rule.id} />
        </h3>
        <span className="tag">order {rule.order}</span>
        <span className={`tag consent-${consentGate(rule).categories.join('-') || 'none'}`}>{consentSentence(rule)}</span>
      </header>
      <p className="description">{rule.description}</p>
      <RuleSteps rule={rule} />
    </li>
  );
}

/** Above this many rules only those in view are in the DOM (each item keeps its place in the list for assistive tech). */
const VIRTUAL_FROM = 60;
const NO_LAYOUT = { width: 1280, height: 800 };
const ESTIMATE = 150;

function FiringList({ env, event, rules, scrollRef }: { env: string; event: GraphEvent; rules: GraphRule[]; scrollRef: RefObject<HTMLDivElement | null> }) {
  const listRef = useRef<HTMLOListElement>(null);
  const virtual = rules.length >= VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: rules.length,
    enabled: virtual,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ESTIMATE,
    gap: 10,
    overscan: 4,
    scrollMargin: listRef.current?.offsetTop ?? 0,
    getItemKey: (i) => rules[i]!.id,
    initialRect: NO_LAYOUT,
    // Where there is no layout (a DOM without CSS), sizes are the estimates rather than zero.
    observeElementRect: (instance, cb) => observeElementRect(instance, (rect) => cb(rect.height > 0 ? rect : NO_LAYOUT)),
    measureElement: (el, entry, instance) => measureElement(el, entry, instance) || ESTIMATE,
  });
  if (!virtual)
    return (
      <ol className="firing-list" aria-labelledby="firing-event" ref={listRef}>
        {rules.map((rule, i) => (
          <FiringRule key={rule.id} env={env} rule={rule} step={i + 1} total={rules.length} />
        ))}
      </ol>
    );
  const items = virtualizer.getVirtualItems();
  const margin = virtualizer.options.scrollMargin;
  const padTop = items.length ? items[0]!.start - margin : 0;
  const padBottom = items.length ? virtualizer.getTotalSize() - (items[items.length - 1]!.end - margin) : 0;
  return (
    <ol className="firing-list" aria-labelledby="firing-event" ref={listRef} style={{ paddingTop: padTop, paddingBottom: padBottom }} data-virtual={event.rules.length}>
      {items.map((item) => (
        <FiringRule key={item.key} env={env} rule={rules[item.index]!} step={item.index + 1} total={rules.length} index={item.index} measure={virtualizer.measureElement} />
      ))}
    </ol>
  );
}

export function FiringOrderView({ env, graph, route }: ViewProps) {
  const all = route.query.get('all') === '1';
  const event = route.arg ? graph.events.find((e) => e.key === route.arg) : undefined;
  const scrollRef = useRef<HTMLDivElement>(null);
  const rules = useMemo(() => {
    const byId = new Map(graph.rules.map((r) => [r.id, r]));
    return (event?.rules ?? []).flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  }, [graph, event]);
  return (
    <section aria-labelledby="firing-title" className="view firing">
      <h2 id="firing-title" className="visually-hidden">
        Firing order
      </h2>
      <EventList env={env} events={graph.events} current={route.arg} all={all} />
      <div className="firing-main" ref={scrollRef}>
        {!route.arg && <p className="prompt">Pick an event to see the rules it runs in {env}, in the order they run.</p>}
        {route.arg && !event && (
          <p className="prompt" role="alert">
            No event “{route.arg}” in {env}.
          </p>
        )}
        {event && (
          <>
            <h2 id="firing-event">
              On {event.label} in {env}
            </h2>
            <p className="muted">
              {event.rules.length === 0 ? 'No rule runs on this event in this environment.' : `${event.rules.length} ${event.rules.length === 1 ? 'rule runs' : 'rules run'}, in this order. Each rule's conditions must all hold; then its actions run in order.`}
              {event.schema && (
                <>
                  {' '}
                  Payload schema: <a href={href(env, 'schemas', null, { q: event.key })}>{event.schema}</a>.
                </>
              )}{' '}
              <code>{event.kind === 'dataLayer' ? `appEventData.push({ event: '${event.key}' })` : event.key}</code>
            </p>
            <FiringList key={event.key} env={env} event={event} rules={rules} scrollRef={scrollRef} />
          </>
        )}
      </div>
    </section>
  );
}

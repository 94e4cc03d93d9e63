import { FULFILMENT_STEPS, fulfilmentLabel, fulfilmentPercent, fulfilmentStep } from './fulfilment';

type BarProps = { percent: number; label: string; valueText: string };

export function ProgressBar({ percent, label, valueText }: BarProps) {
  return (
    <div
      className="progress"
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={valueText}
    >
      <span className="progress__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}

/** SPEC §4: step n of 4, the bar filled 0, 33, 67 or 100 percent, each step named beneath. */
export function FulfilmentProgress({ status }: { status: string | null | undefined }) {
  const step = fulfilmentStep(status);
  const text = `Step ${step + 1} of ${FULFILMENT_STEPS.length}: ${fulfilmentLabel(status)}`;
  return (
    <div className="fulfilment">
      <p className="fulfilment__now">{text}</p>
      <ProgressBar percent={fulfilmentPercent(status)} label="Order progress" valueText={text} />
      <ol className="fulfilment__steps">
        {FULFILMENT_STEPS.map((item, index) => (
          <li key={item.value} className={index <= step ? 'fulfilment__step--done' : undefined}>
            {item.label}
          </li>
        ))}
      </ol>
    </div>
  );
}

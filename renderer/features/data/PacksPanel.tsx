import { ExportPackCard } from './ExportPackCard';
import { ImportPackCard } from './ImportPackCard';
import { ReviewersCard } from './ReviewersCard';

/** Label packs: my pack out, a teammate's pack in, and who has labeled in this file. */
export function PacksPanel() {
  return (
    <div className="data-packs">
      <div className="data-pack-cards">
        <ExportPackCard />
        <ImportPackCard />
      </div>
      <ReviewersCard />
    </div>
  );
}

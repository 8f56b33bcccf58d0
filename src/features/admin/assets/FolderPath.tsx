/** The breadcrumb of the cloud files list: the bucket, then each folder down to the current one (which is not a button). */
import { breadcrumbTrail } from '~/features/admin/assets/storage-paths';

interface Props {
  label: string;
  bucket: string;
  folder: string;
  onOpen: (folder: string) => void;
}

export default function FolderPath({ label, bucket, folder, onOpen }: Props) {
  const crumbs = [{ name: bucket, path: '' }, ...breadcrumbTrail(folder)];
  return (
    <nav aria-label={label}>
      <ol className="flex flex-wrap items-center gap-1 font-mono text-sm">
        {crumbs.map((crumb, index) => {
          const current = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              {index > 0 && (
                <span aria-hidden="true" className="text-ink-muted">
                  /
                </span>
              )}
              {current ? (
                <span aria-current="location" className="px-1 font-semibold text-ink">
                  {crumb.name}
                </span>
              ) : (
                <button type="button" className="min-h-10 rounded-lg px-2 font-semibold text-brand-deep underline hover:bg-sand-light" onClick={() => onOpen(crumb.path)}>
                  {crumb.name}
                </button>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

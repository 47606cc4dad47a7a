import * as AvatarPrimitive from '@radix-ui/react-avatar';
import { initials } from '../../../domain/names';
import { cn } from '../../lib/cn';

export function UserAvatar({
  firstName,
  lastName,
  imageUrl,
  className,
}: {
  firstName?: string | null;
  lastName?: string | null;
  imageUrl?: string | null;
  className?: string;
}) {
  return (
    <AvatarPrimitive.Root
      className={cn('relative inline-flex h-9 w-9 shrink-0 overflow-hidden rounded-full', className)}
    >
      {imageUrl && <AvatarPrimitive.Image src={imageUrl} alt="" className="h-full w-full object-cover" />}
      <AvatarPrimitive.Fallback
        className="flex h-full w-full items-center justify-center bg-primary-100 font-semibold text-primary-800"
        delayMs={imageUrl ? 300 : 0}
      >
        {initials(firstName, lastName)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}

/** Profile photos are stored inline as data URLs, so they are shrunk in the browser first. */
export const AVATAR_MAX_SIDE = 256;
export const AVATAR_MAX_CHARS = 200 * 1024;
const ACCEPTED = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
export const AVATAR_ACCEPT = ACCEPTED.join(',');

function canvasOf(width: number, height: number) {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot resize images.');
  return { canvas, context };
}

/** Resizes an image file to at most 256 px a side and encodes it under 200 KB. */
export async function avatarDataUrl(file: File): Promise<string> {
  if (!ACCEPTED.includes(file.type)) throw new Error('Choose a PNG, JPEG, WebP or GIF image.');
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error('This image could not be read. Try another file.');
  }
  const scale = Math.min(1, AVATAR_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
  const width = Math.max(1, Math.round(bitmap.width * scale));
  const height = Math.max(1, Math.round(bitmap.height * scale));
  const source = canvasOf(width, height);
  source.context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();

  // PNG keeps a logo's transparency; when it is too heavy, JPEG on white is far smaller.
  if (file.type === 'image/png') {
    const png = source.canvas.toDataURL('image/png');
    if (png.length <= AVATAR_MAX_CHARS) return png;
  }
  const flat = canvasOf(width, height);
  flat.context.fillStyle = '#fff';
  flat.context.fillRect(0, 0, width, height);
  flat.context.drawImage(source.canvas, 0, 0);
  for (const quality of [0.9, 0.8, 0.65, 0.5]) {
    const jpeg = flat.canvas.toDataURL('image/jpeg', quality);
    if (jpeg.length <= AVATAR_MAX_CHARS) return jpeg;
  }
  throw new Error('This image is too large even after resizing. Try a smaller one.');
}

/**
 * The images or video chosen for a new post: checked here before upload (types from the files' first bytes,
 * sizes, how many), each with a preview address that is given back when it leaves the composer.
 */
import { LIMITS } from '@plaza/contract';
import { useEffect, useRef, useState } from 'react';
import { withSniffedType } from '../../lib/media-sniff';

export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'];
export const VIDEO_TYPES = ['video/mp4', 'video/webm'];
export const MAX_IMAGES = LIMITS.postImages;
const MAX_MB = LIMITS.imageBytes / (1024 * 1024);
export const MAX_VIDEO_MB = LIMITS.videoBytes / (1024 * 1024);

export interface Picked {
  file: File;
  preview: string;
}

/** Which of the chosen files may join the post, and why the others may not. */
export function checkImages(files: File[], alreadyPicked: number): { accepted: File[]; problems: string[] } {
  const accepted: File[] = [];
  const problems: string[] = [];
  for (const file of files) {
    if (!IMAGE_TYPES.includes(file.type)) problems.push(`${file.name} is not a JPEG, PNG, WebP or GIF image.`);
    else if (file.size > LIMITS.imageBytes) problems.push(`${file.name} is larger than ${MAX_MB} MB.`);
    else if (alreadyPicked + accepted.length >= MAX_IMAGES) problems.push(`A post can have at most ${MAX_IMAGES} images.`);
    else accepted.push(file);
  }
  return { accepted, problems: [...new Set(problems)] };
}

/** Why a chosen video may not join the post, or null when it may (the server checks its length and codecs). */
export function checkVideo(file: File): string | null {
  if (!VIDEO_TYPES.includes(file.type)) return `${file.name} is not an MP4 or WebM video.`;
  if (file.size > LIMITS.videoBytes) return `${file.name} is larger than ${MAX_VIDEO_MB} MB.`;
  return null;
}

const revoke = (picked: Picked | null) => picked && URL.revokeObjectURL(picked.preview);

/** The chosen images and video, what was wrong with the last choice, and the ways to change them. */
export function usePickedMedia() {
  const [images, setImages] = useState<Picked[]>([]);
  const [video, setVideo] = useState<Picked | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const pickedRef = useRef({ images, video });
  pickedRef.current = { images, video };

  useEffect(
    () => () => {
      pickedRef.current.images.forEach(revoke);
      revoke(pickedRef.current.video);
    },
    [],
  );

  // Types come from the files' first bytes: a text file named .png is refused here, not previewed as a broken image.
  async function pickImages(list: File[]) {
    const { accepted, problems: found } = checkImages(await Promise.all(list.map(withSniffedType)), images.length);
    setProblems(found);
    setImages((current) => [...current, ...accepted.map((file) => ({ file, preview: URL.createObjectURL(file) }))]);
  }

  async function pickVideo(chosen: File) {
    const file = await withSniffedType(chosen);
    const problem = checkVideo(file);
    setProblems(problem ? [problem] : []);
    if (problem) return;
    setVideo((current) => {
      revoke(current);
      return { file, preview: URL.createObjectURL(file) };
    });
  }

  function removeImage(index: number) {
    setImages((current) => {
      revoke(current[index]);
      return current.filter((_, i) => i !== index);
    });
    setProblems([]);
  }

  function removeVideo() {
    setVideo((current) => {
      revoke(current);
      return null;
    });
    setProblems([]);
  }

  /** After the post is stored: everything chosen leaves the composer. */
  function clear() {
    images.forEach(revoke);
    revoke(video);
    setImages([]);
    setVideo(null);
  }

  return { images, video, problems, setProblems, pickImages, pickVideo, removeImage, removeVideo, clear };
}

export type PickedMedia = ReturnType<typeof usePickedMedia>;

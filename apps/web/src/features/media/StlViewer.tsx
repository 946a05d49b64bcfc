import { Button, Group, Text } from '@mantine/core';
import { Spinner } from '../../components/Spinner';
import { IconFocusCentered } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AmbientLight,
  Box3,
  DirectionalLight,
  Mesh,
  MeshStandardMaterial,
  PerspectiveCamera,
  Scene,
  Sphere,
  Vector3,
  WebGLRenderer,
  type BufferGeometry,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { fetchModel } from './api';
import classes from './media.module.css';

type State = { kind: 'loading' } | { kind: 'failed' } | { kind: 'noWebGl' } | { kind: 'shown'; size: Vector3 };

/** Mantine's gray.1, the stage's colour while the model loads. */
const BACKGROUND = 0xf1f3f5;

interface View {
  fit: () => void;
  dispose: () => void;
}

/** Builds the scene in `host`: the model centred, lit, orbit controls, redrawn only when it changes. */
function createView(host: HTMLDivElement, geometry: BufferGeometry, label: string): View {
  const renderer = new WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
  renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
  renderer.setClearColor(BACKGROUND);
  renderer.domElement.tabIndex = 0;
  renderer.domElement.setAttribute('role', 'img');
  renderer.domElement.setAttribute('aria-label', label);
  renderer.domElement.dataset.testid = 'stl-canvas';
  host.append(renderer.domElement);

  const scene = new Scene();
  const mesh = new Mesh(geometry, new MeshStandardMaterial({ color: 0xc8a07a, roughness: 0.6, metalness: 0.05 }));
  scene.add(mesh, new AmbientLight(0xffffff, 0.6));
  const camera = new PerspectiveCamera(40, 1, 0.1, 10_000);
  const light = new DirectionalLight(0xffffff, 1.6);
  camera.add(light);
  scene.add(camera);
  const controls = new OrbitControls(camera, renderer.domElement);
  controls.listenToKeyEvents(renderer.domElement);
  const draw = () => renderer.render(scene, camera);
  controls.addEventListener('change', draw);

  const sphere = new Sphere();
  geometry.computeBoundingSphere();
  sphere.copy(geometry.boundingSphere ?? sphere);
  const fit = () => {
    // The whole bounding sphere in view, seen a little from above.
    const distance = sphere.radius / Math.sin(((camera.fov / 2) * Math.PI) / 180);
    camera.position.set(0, -distance * 0.6, distance * 0.8).add(sphere.center);
    camera.near = distance / 100;
    camera.far = distance * 10;
    camera.updateProjectionMatrix();
    controls.target.copy(sphere.center);
    controls.update();
    draw();
  };
  const resize = () => {
    const width = host.clientWidth;
    const height = host.clientHeight;
    if (width > 0 && height > 0) {
      renderer.setSize(width, height);
      camera.aspect = width / height;
      camera.updateProjectionMatrix();
      draw();
    }
  };
  const observer = new ResizeObserver(resize);
  observer.observe(host);
  resize();
  fit();
  return {
    fit,
    dispose: () => {
      observer.disconnect();
      controls.dispose();
      mesh.material.dispose();
      renderer.dispose();
      renderer.domElement.remove();
    },
  };
}

const mm = (value: number) => value.toFixed(1);

/** The lot's 3D model (three.js), fitted to the view, with its bounding box in millimetres. */
export default function StlViewer({ lot }: { lot: string }) {
  const { t } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<View | null>(null);
  const [state, setState] = useState<State>({ kind: 'loading' });
  useEffect(() => {
    let live = true;
    let geometry: BufferGeometry | null = null;
    setState({ kind: 'loading' });
    fetchModel(lot).then(
      (buffer) => {
        if (!live || !host.current) {
          return;
        }
        geometry = new STLLoader().parse(buffer);
        geometry.computeBoundingBox();
        const size = (geometry.boundingBox ?? new Box3()).getSize(new Vector3());
        try {
          view.current = createView(host.current, geometry, t('files.modelLabel', { lot }));
          setState({ kind: 'shown', size });
        } catch {
          // No WebGL in this browser: say so instead of an empty box.
          setState({ kind: 'noWebGl' });
        }
      },
      () => live && setState({ kind: 'failed' }),
    );
    return () => {
      live = false;
      view.current?.dispose();
      view.current = null;
      geometry?.dispose();
    };
  }, [lot, t]);
  return (
    <div>
      <div className={classes.stlStage} data-testid="stl-viewer">
        <div ref={host} className={classes.stlCanvas} />
        {state.kind === 'loading' && <Spinner className={classes.stlCentre} label={t('common.loading')} />}
        {state.kind !== 'loading' && state.kind !== 'shown' && (
          <Text className={classes.stlCentre} c="dimmed" size="sm">
            {t(state.kind === 'failed' ? 'files.modelFailed' : 'files.noWebGl')}
          </Text>
        )}
      </div>
      {state.kind === 'shown' && (
        <Group justify="space-between" mt="xs" gap="xs">
          <Text size="sm" data-testid="stl-size">
            {t('files.boundingBox', { x: mm(state.size.x), y: mm(state.size.y), z: mm(state.size.z) })}
          </Text>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFocusCentered size={16} aria-hidden />}
            onClick={() => view.current?.fit()}
          >
            {t('files.fitView')}
          </Button>
        </Group>
      )}
    </div>
  );
}

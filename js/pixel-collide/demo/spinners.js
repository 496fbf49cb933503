// Spinfall's spinners in Phaser: plus-shaped blocks fall and spin, the figure moves with the arrow
// keys (or A and D), and the screen turns red the moment it touches a block on visible pixels (a
// block's arm passing over the figure's head without touching does not). `?auto` moves the figure
// by itself, for the browser test.
import Phaser from "phaser";
import { init } from "pixel-collide";
import { overlap } from "pixel-collide/phaser";

const W = 480;
const H = 640;
const auto = new URLSearchParams(location.search).has("auto");

function textures(scene) {
  const g = scene.add.graphics();
  // The spinner: a plus of three 22 px bars in a 64 px square.
  g.fillStyle(0xe8782a).fillRect(21, 0, 22, 64).fillRect(0, 21, 64, 22);
  g.generateTexture("block", 64, 64).clear();
  // The figure: a head, a body and legs, with air between the legs.
  g.fillStyle(0xf0d0a0).fillCircle(16, 8, 8);
  g.fillStyle(0x3060c0).fillRect(6, 16, 20, 18).fillRect(6, 34, 7, 14).fillRect(19, 34, 7, 14);
  g.generateTexture("figure", 32, 48).destroy();
}

await init();
new Phaser.Game({
  type: Phaser.AUTO, width: W, height: H, backgroundColor: "#8ec5ff", parent: document.body,
  banner: false, audio: { noAudio: true },
  scene: {
    create() {
      textures(this);
      this.figure = this.add.image(W / 2, H - 40, "figure");
      this.blocks = [];
      this.keys = this.input.keyboard.addKeys("LEFT,RIGHT,A,D");
      this.spawn = 0;
      this.hits = 0;
      window.demo = this;
    },
    update(time, delta) {
      const dt = delta / 1000;
      this.spawn -= dt;
      if (this.spawn <= 0) {
        this.spawn = 0.6;
        const b = this.add.image(30 + Math.random() * (W - 60), -40, "block");
        b.setScale(0.6 + Math.random() * 0.6);
        b.spin = (Math.random() - 0.5) * 4;
        b.fall = 120 + Math.random() * 120;
        this.blocks.push(b);
      }
      for (const b of this.blocks) {
        b.y += b.fall * dt;
        b.rotation += b.spin * dt;
      }
      this.blocks = this.blocks.filter((b) => (b.y < H + 60 ? true : (b.destroy(), false)));
      const k = this.keys;
      const way = auto ? Math.sign(Math.sin(time / 900)) : (k.RIGHT.isDown || k.D.isDown) - (k.LEFT.isDown || k.A.isDown);
      this.figure.x = Phaser.Math.Clamp(this.figure.x + way * 220 * dt, 16, W - 16);
      const touching = overlap(this.figure, this.blocks) > 0;
      if (touching) this.hits++;
      this.cameras.main.setBackgroundColor(touching ? "#d22" : "#8ec5ff");
    },
  },
});

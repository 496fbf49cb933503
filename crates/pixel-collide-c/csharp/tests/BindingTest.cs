// The C# binding tested as a MonoGame or FNA game would use it, beside the XNA tutorial's loop:
//   BindingTest.exe            the boundary's errors, then agreement on random turned and scaled
//                              sprites with an exact reference (texel sampling), and the counts of
//                              where the tutorial's loop disagrees with it or with itself
//   BindingTest.exe --bench ASSETS   rotated near-misses, the tutorial's workload (the game's figure
//                                    and block from ASSETS) and a harder one: both, interleaved, medians
using System;
using System.Collections.Generic;
using System.Diagnostics;

namespace PixelCollide.Tests
{
    /// <summary>A random blob image: its alpha bytes, its RGBA bytes and the library's mask of them.</summary>
    sealed class Art
    {
        public int Width, Height;
        public byte[] Alpha;
        public Mask Mask;

        public static Art Blob(Random r, int width, int height)
        {
            var art = new Art { Width = width, Height = height, Alpha = new byte[width * height] };
            int blobs = 2 + r.Next(4);
            for (int k = 0; k < blobs; k++)
            {
                double cx = r.NextDouble() * width, cy = r.NextDouble() * height;
                double rx = 1 + r.NextDouble() * width / 2, ry = 1 + r.NextDouble() * height / 2;
                for (int y = 0; y < height; y++)
                    for (int x = 0; x < width; x++)
                    {
                        double dx = (x + 0.5 - cx) / rx, dy = (y + 0.5 - cy) / ry;
                        if (dx * dx + dy * dy < 1) art.Alpha[x + y * width] = 255;
                    }
            }
            return art.Made();
        }

        /// <summary>The tutorial's spinner block: a plus sign of arms a third of its side wide.</summary>
        public static Art Plus(int side)
        {
            var art = new Art { Width = side, Height = side, Alpha = new byte[side * side] };
            for (int y = 0; y < side; y++)
                for (int x = 0; x < side; x++)
                    if ((x >= side / 3 && x < 2 * side / 3) || (y >= side / 3 && y < 2 * side / 3))
                        art.Alpha[x + y * side] = 255;
            return art.Made();
        }

        Art Made()
        {
            var rgba = new byte[Width * Height * 4];
            for (int i = 0; i < Alpha.Length; i++) { rgba[4 * i] = 200; rgba[4 * i + 3] = Alpha[i]; }
            Mask = Mask.FromRgba(rgba, Width, Height);
            return this;
        }

        public bool Solid(int x, int y)
        {
            return x >= 0 && y >= 0 && x < Width && y < Height && Alpha[x + y * Width] != 0;
        }
    }

    /// <summary>One placed sprite: its art, the tutorial's matrix and the library's sprite of it.</summary>
    struct Placed
    {
        public Art Art;
        public XnaMatrix Matrix;
        public Sprite Sprite;

        public Placed(Art art, XnaMatrix m) { Art = art; Matrix = m; Sprite = new Sprite(art.Mask, m.ToAffine()); }
    }

    static class BindingTest
    {
        static int failures;

        static void Check(bool ok, string what)
        {
            if (!ok) { failures++; Console.Error.WriteLine("check failed: " + what); }
        }

        static void Throws(Status status, string function, Action call)
        {
            try
            {
                call();
                Check(false, function + " did not throw " + status);
            }
            catch (PixelCollideException e)
            {
                Check(e.Status == status && e.Message.StartsWith(function + ": "),
                      function + " threw " + e.Status + " \"" + e.Message + "\", wanted " + status);
            }
        }

        /// <summary>Exact up to the sampling: each solid texel of A sampled at n x n points, each
        /// looked up in B's texel grid (texel (i, j) covers [i, i+1) x [j, j+1)).</summary>
        static bool Sampled(Placed a, Placed b, int n)
        {
            XnaMatrix aToB = a.Matrix * XnaMatrix.Invert(b.Matrix);
            for (int y = 0; y < a.Art.Height; y++)
                for (int x = 0; x < a.Art.Width; x++)
                {
                    if (!a.Art.Solid(x, y)) continue;
                    for (int j = 0; j < n; j++)
                        for (int i = 0; i < n; i++)
                        {
                            float bx, by;
                            aToB.Transform(x + (i + 0.5f) / n, y + (j + 0.5f) / n, out bx, out by);
                            if (b.Art.Solid((int)Math.Floor(bx), (int)Math.Floor(by))) return true;
                        }
                }
            return false;
        }

        static Placed RandomPlaced(Random r, Art art)
        {
            float scale = (float)(0.5 + r.NextDouble() * 2.0);
            var m = XnaTutorial.BlockTransform((float)(100 + r.NextDouble() * 40), (float)(100 + r.NextDouble() * 40),
                (float)(r.NextDouble() * 2 * Math.PI), scale, (float)(r.NextDouble() * art.Width), (float)(r.NextDouble() * art.Height));
            return new Placed(art, m);
        }

        static void Boundary()
        {
            var art = Art.Plus(16);
            var s = new Sprite(art.Mask, new Affine(1, 0, 0, 1, 0, 0));
            Check(Collide.Overlaps(s, s), "a sprite overlaps itself");
            Check(Collide.ContainsPoint(s, new Vec2(8, 8)) && !Collide.ContainsPoint(s, new Vec2(1, 1)), "ContainsPoint");
            Check(Collide.TouchesRect(s, new Rect(7, 0, 1, 1)) && Collide.TouchesCircle(s, new Vec2(8, -1), 1.5f), "rect and circle");
            var hit = Collide.Raycast(s, new Vec2(-10, 8), new Vec2(1, 0));
            Check(hit.Found && Math.Abs(hit.Distance - 10) < 1e-3, "Raycast from the left enters at x = 0");
            var moved = new Sprite(art.Mask, new Affine(1, 0, 0, 1, 3, 0));
            Check(Collide.Contact(s, moved).Found && Collide.PushOut(s, moved).Found && Collide.OverlapArea(s, moved) > 0, "contact, push, area");
            var far = new Sprite(art.Mask, new Affine(1, 0, 0, 1, 40, 0));
            Check(Math.Abs(Collide.Distance(s, far).Distance - 24) < 1e-3, "Distance 40 - 16");
            var still = new Pose(new Vec2(40, 0), 0, new Vec2(1, 1));
            var impact = Collide.TimeOfImpact(new Motion(art.Mask, new Pose(new Vec2(0, 0), 0, new Vec2(1, 1)), new Pose(new Vec2(48, 0), 0, new Vec2(1, 1)), new Vec2(0, 0)),
                                              new Motion(art.Mask, still, still, new Vec2(0, 0)));
            Check(impact.Found && Math.Abs(impact.Time - 0.5) < 1e-3, "TimeOfImpact at half the step");
            using (var world = new World())
            {
                var pairs = world.TouchingPairs(new[] { s, far, moved }, 3);
                Check(pairs.Count == 1 && pairs.Array[0].A == 0 && pairs.Array[0].B == 2, "World pairs");
            }
            var nan = new Sprite(art.Mask, new Affine(1, 0, 0, float.NaN, 0, 0));
            Throws(Status.InvalidNumber, "pc_overlaps", () => Collide.Overlaps(s, nan));
            Throws(Status.InvalidNumber, "pc_touches_circle", () => Collide.TouchesCircle(s, new Vec2(0, 0), -1));
            Throws(Status.ShortBuffer, "pc_mask_from_rgba", () => Mask.FromRgba(new byte[10], 4, 4));
            Throws(Status.InvalidSize, "pc_mask_from_rgba", () => Mask.FromRgba(new byte[10], 0, 4));
            Throws(Status.Io, "pc_mask_from_png_file", () => Mask.FromPngFile("/nonexistent.png"));
            var gone = Art.Plus(8).Mask;
            gone.Dispose();
            Throws(Status.InvalidHandle, "pc_mask_free", () => gone.Dispose());
            Throws(Status.InvalidHandle, "pc_overlaps", () => Collide.Overlaps(s, new Sprite(gone, s.Transform)));
            Throws(Status.InvalidHandle, "pc_mask_size", () => { var w = new Mask().Width; });
        }

        static void Agreement(int pairs)
        {
            var r = new Random(20261202);
            int compared = 0, band = 0, touching = 0, wrong = 0;
            int tutorialWrong = 0, tutorialWrongScaledUp = 0, tutorialAsymmetric = 0, tutorialMissed = 0, tutorialExtra = 0;
            var arts = new List<Art>();
            for (int i = 0; i < pairs; i++)
            {
                if (i % 20 == 0)
                {
                    foreach (var old in arts) old.Mask.Dispose();
                    arts.Clear();
                    arts.Add(Art.Blob(r, 8 + r.Next(40), 8 + r.Next(40)));
                    arts.Add(Art.Blob(r, 8 + r.Next(40), 8 + r.Next(40)));
                }
                var a = RandomPlaced(r, arts[0]);
                var b = RandomPlaced(r, arts[1]);
                bool overlaps = Collide.Overlaps(a.Sprite, b.Sprite);
                var push = Collide.PushOut(a.Sprite, b.Sprite);
                float depth = push.Found ? (float)Math.Sqrt(push.Offset.X * push.Offset.X + push.Offset.Y * push.Offset.Y) : 0;
                float gap = Collide.Distance(a.Sprite, b.Sprite).Distance;
                bool clear = push.Found ? depth >= 1 : gap > 1.5f;
                Check(overlaps == push.Found, "Overlaps and PushOut agree");
                if (!clear) { band++; continue; }
                compared++;
                if (overlaps) touching++;
                bool truth = Sampled(a, b, 10);
                if (truth != overlaps)
                {
                    wrong++;
                    if (wrong <= 5) Console.Error.WriteLine("disagree: pair " + i + " binding " + overlaps + " reference " + truth + " depth " + depth + " gap " + gap);
                }
                bool ab = XnaTutorial.IntersectPixels(a.Matrix, a.Art.Width, a.Art.Height, a.Art.Alpha, b.Matrix, b.Art.Width, b.Art.Height, b.Art.Alpha);
                bool ba = XnaTutorial.IntersectPixels(b.Matrix, b.Art.Width, b.Art.Height, b.Art.Alpha, a.Matrix, a.Art.Width, a.Art.Height, a.Art.Alpha);
                if (ab != truth)
                {
                    tutorialWrong++;
                    if (!ab) tutorialMissed++; else tutorialExtra++;
                    float scaleA = (float)Math.Sqrt(Math.Abs(a.Matrix.M11 * a.Matrix.M22 - a.Matrix.M12 * a.Matrix.M21));
                    float scaleB = (float)Math.Sqrt(Math.Abs(b.Matrix.M11 * b.Matrix.M22 - b.Matrix.M12 * b.Matrix.M21));
                    if (scaleA > scaleB) tutorialWrongScaledUp++;
                }
                if (ab != ba) tutorialAsymmetric++;
            }
            foreach (var old in arts) old.Mask.Dispose();
            Console.WriteLine("agreement: " + pairs + " random turned and scaled pairs; " + compared + " compared outside the texel-edge band (" +
                              touching + " touching), " + band + " in the band; binding against the sampled reference: " + wrong + " disagree");
            Console.WriteLine("the tutorial's loop, on the same " + compared + " pairs: " + tutorialWrong + " wrong (" + tutorialMissed + " missed overlaps, " +
                              tutorialExtra + " overlaps of sprites apart; " + tutorialWrongScaledUp + " with A drawn larger than B); " +
                              tutorialAsymmetric + " answer differently for (A, B) and (B, A)");
            Check(wrong == 0, "the binding agrees with the reference outside the band");
            Check(compared >= pairs / 2, "most pairs are compared");
        }

        static double Median(List<double> xs)
        {
            xs.Sort();
            return xs[xs.Count / 2];
        }

        /// <summary>An image read by the library, its alpha 255 where the mask is solid (what the tutorial's
        /// alpha != 0 test sees of it).</summary>
        static Art FromPng(string path)
        {
            var art = new Art { Mask = Mask.FromPngFile(path) };
            art.Width = art.Mask.Width;
            art.Height = art.Mask.Height;
            art.Alpha = new byte[art.Width * art.Height];
            for (int y = 0; y < art.Height; y++)
                for (int x = 0; x < art.Width; x++)
                    if (art.Mask.IsSolid(x, y)) art.Alpha[x + y * art.Width] = 255;
            return art;
        }

        static bool EitherTouches(Placed a, Placed b)
        {
            return Collide.Overlaps(a.Sprite, b.Sprite) ||
                   XnaTutorial.IntersectPixels(a.Matrix, a.Art.Width, a.Art.Height, a.Art.Alpha, b.Matrix, b.Art.Width, b.Art.Height, b.Art.Alpha);
        }

        /// <summary>The tutorial's own workload: the game's figure tucked into a notch of its spinner block,
        /// turned about its centre (72 turns), slid out along the notch's bisector until neither algorithm
        /// sees a touch and then half a pixel more, its bounding rectangle deep in the block's.</summary>
        static List<Placed[]> TutorialNearMisses(Art figure, Art block)
        {
            var pairs = new List<Placed[]>();
            int third = block.Width / 3;
            var corners = new[] { new[] { third, third, -1, -1 }, new[] { block.Width - third, third, 1, -1 },
                                  new[] { block.Width - third, block.Height - third, 1, 1 }, new[] { third, block.Height - third, -1, 1 } };
            for (int turn = 0; turn < 72; turn++)
            {
                var bm = XnaTutorial.BlockTransform(200, 200, turn * (float)Math.PI / 36, 1, block.Width / 2f, block.Height / 2f);
                var b = new Placed(block, bm);
                var corner = corners[turn % 4];
                float cx, cy, dx, dy;
                bm.Transform(corner[0], corner[1], out cx, out cy);
                bm.TransformNormal(corner[2], corner[3], out dx, out dy);
                float len = (float)Math.Sqrt(dx * dx + dy * dy);
                dx /= len; dy /= len;
                Func<float, Placed> at = d => new Placed(figure, XnaMatrix.CreateTranslation(cx + dx * d - figure.Width / 2f, cy + dy * d - figure.Height / 2f));
                float along = 0;
                while (EitherTouches(at(along), b)) along += 0.25f;
                pairs.Add(new[] { at(along + 0.5f), b });
            }
            return pairs;
        }

        /// <summary>A harder near-miss: a ragged blob beside a turned plus, 0.2 to 3 px apart.</summary>
        static List<Placed[]> BlobNearMisses(int count)
        {
            var r = new Random(7);
            var pairs = new List<Placed[]>();
            var blocks = new[] { Art.Plus(48), Art.Plus(64), Art.Plus(96) };
            // One person, so that the one-call form can ask it against every block.
            var person = Art.Blob(new Random(2), 32, 48);
            while (pairs.Count < count)
            {
                var block = blocks[r.Next(blocks.Length)];
                var bm = XnaTutorial.BlockTransform(200, 200, (float)(r.NextDouble() * 2 * Math.PI), 1, block.Width / 2f, block.Height / 2f);
                float px = (float)(200 - person.Width / 2.0 + (r.NextDouble() - 0.5) * (block.Width + person.Width));
                float py = (float)(200 - person.Height / 2.0 + (r.NextDouble() - 0.5) * (block.Height + person.Height));
                var a = new Placed(person, XnaMatrix.CreateTranslation(px, py));
                var b = new Placed(block, bm);
                var gap = Collide.Distance(a.Sprite, b.Sprite).Distance;
                if (gap < 0.2f || gap > 3f || EitherTouches(a, b)) continue;
                pairs.Add(new[] { a, b });
            }
            return pairs;
        }

        /// <summary>The pairs moved so that every first sprite sits where the first pair's does (each
        /// second sprite moved by as much), for one probe against all the seconds in one call.</summary>
        static Sprite[] AroundOneProbe(List<Placed[]> pairs)
        {
            var others = new Sprite[pairs.Count];
            var p0 = pairs[0][0].Matrix;
            for (int i = 0; i < pairs.Count; i++)
            {
                var m = pairs[i][1].Matrix;
                m.M41 += p0.M41 - pairs[i][0].Matrix.M41;
                m.M42 += p0.M42 - pairs[i][0].Matrix.M42;
                others[i] = new Sprite(pairs[i][1].Art.Mask, m.ToAffine());
            }
            return others;
        }

        /// <summary>Median ns a pair of the tutorial's loop, of the binding a call each and of the binding
        /// one call for all (the pairs moved about one probe), the three timed in turn in rotating order.</summary>
        static double[] Time(List<Placed[]> pairs)
        {
            var probe = pairs[0][0].Sprite;
            var others = AroundOneProbe(pairs);
            var answers = new bool[others.Length];
            var times = new[] { new List<double>(), new List<double>(), new List<double>() };
            int sink = 0;
            for (int round = 0; round < 16; round++)
            {
                for (int k = 0; k < 3; k++)
                {
                    int side = (round + k) % 3;
                    int reps = side == 0 ? 2 : 200;
                    var clock = Stopwatch.StartNew();
                    for (int rep = 0; rep < reps; rep++)
                    {
                        if (side == 2)
                        {
                            Collide.OverlapsEach(probe, others, others.Length, answers);
                            foreach (var hit in answers) if (hit) sink++;
                            continue;
                        }
                        foreach (var p in pairs)
                        {
                            bool hit = side == 0
                                ? XnaTutorial.IntersectPixels(p[0].Matrix, p[0].Art.Width, p[0].Art.Height, p[0].Art.Alpha, p[1].Matrix, p[1].Art.Width, p[1].Art.Height, p[1].Art.Alpha)
                                : Collide.Overlaps(p[0].Sprite, p[1].Sprite);
                            if (hit) sink++;
                        }
                    }
                    double ns = clock.Elapsed.TotalMilliseconds * 1e6 / (reps * pairs.Count);
                    if (round > 0) times[side].Add(ns);
                }
            }
            if (sink != 0) throw new Exception(sink + " hits among near-misses");
            return new[] { Median(times[0]), Median(times[1]), Median(times[2]) };
        }

        static void Bench(string assets)
        {
            var figure = FromPng(assets + "/figure.png");
            var block = FromPng(assets + "/block.png");
            var rows = new[] {
                Tuple.Create("the game's 32 x 48 figure in a notch of its 64 px block, 72 turns, 0.5 px out", TutorialNearMisses(figure, block)),
                Tuple.Create("a random 32 x 48 blob beside turned pluses of 48 to 96 px, 0.2 to 3 px apart, 300 pairs", BlobNearMisses(300)),
            };
            Console.WriteLine("Mono thread suspend: " + (Environment.GetEnvironmentVariable("MONO_THREADS_SUSPEND") ?? "the default (hybrid)"));
            Console.WriteLine("| rotated near-misses | the XNA tutorial's IntersectPixels | Collide.Overlaps, a call a pair | speed-up | Collide.OverlapsEach, one call | speed-up |");
            Console.WriteLine("|---|---|---|---|---|---|");
            foreach (var row in rows)
            {
                var t = Time(row.Item2);
                Console.WriteLine(string.Format("| {0} | {1:F0} ns | {2:F0} ns | {3:F0}x | {4:F0} ns | {5:F0}x |", row.Item1, t[0], t[1], t[0] / t[1], t[2], t[0] / t[2]));
            }
        }

        static int Main(string[] args)
        {
            if (args.Length > 1 && args[0] == "--bench")
            {
                Bench(args[1]);
                return 0;
            }
            Boundary();
            Agreement(args.Length > 0 ? int.Parse(args[0]) : 500);
            Console.WriteLine(failures == 0 ? "ok" : failures + " checks failed");
            return failures == 0 ? 0 : 1;
        }
    }
}

// The XNA tutorial's transformed per-pixel collision ("2D Collision with Transformed Objects"), ported
// as written: its Matrix algebra (row vectors, only what the tutorial calls) and IntersectPixels with
// its step-vector walk and its bounding-rectangle prefilter. It is the peer the binding is measured
// against, not a reference: SEEDS.md lists its known weaknesses, which the test counts.
using System;

namespace PixelCollide.Tests
{
    /// <summary>The part of XNA's Matrix the tutorial uses: a 2D affine map, row-vector convention.</summary>
    struct XnaMatrix
    {
        public float M11, M12, M21, M22, M41, M42;

        public static XnaMatrix CreateTranslation(float x, float y)
        {
            return new XnaMatrix { M11 = 1, M22 = 1, M41 = x, M42 = y };
        }

        public static XnaMatrix CreateRotationZ(float radians)
        {
            float c = (float)Math.Cos(radians), s = (float)Math.Sin(radians);
            return new XnaMatrix { M11 = c, M12 = s, M21 = -s, M22 = c };
        }

        public static XnaMatrix CreateScale(float x, float y)
        {
            return new XnaMatrix { M11 = x, M22 = y };
        }

        /// <summary>a then b, as XNA's a * b.</summary>
        public static XnaMatrix operator *(XnaMatrix a, XnaMatrix b)
        {
            return new XnaMatrix
            {
                M11 = a.M11 * b.M11 + a.M12 * b.M21,
                M12 = a.M11 * b.M12 + a.M12 * b.M22,
                M21 = a.M21 * b.M11 + a.M22 * b.M21,
                M22 = a.M21 * b.M12 + a.M22 * b.M22,
                M41 = a.M41 * b.M11 + a.M42 * b.M21 + b.M41,
                M42 = a.M41 * b.M12 + a.M42 * b.M22 + b.M42,
            };
        }

        public static XnaMatrix Invert(XnaMatrix m)
        {
            float det = m.M11 * m.M22 - m.M12 * m.M21;
            float i = 1 / det;
            var r = new XnaMatrix { M11 = m.M22 * i, M12 = -m.M12 * i, M21 = -m.M21 * i, M22 = m.M11 * i };
            r.M41 = -(m.M41 * r.M11 + m.M42 * r.M21);
            r.M42 = -(m.M41 * r.M12 + m.M42 * r.M22);
            return r;
        }

        public void Transform(float x, float y, out float tx, out float ty)
        {
            tx = x * M11 + y * M21 + M41;
            ty = x * M12 + y * M22 + M42;
        }

        public void TransformNormal(float x, float y, out float tx, out float ty)
        {
            tx = x * M11 + y * M21;
            ty = x * M12 + y * M22;
        }

        /// <summary>The same placement as the library's six numbers.</summary>
        public Affine ToAffine() { return Affine.FromXna(M11, M12, M21, M22, M41, M42); }
    }

    static class XnaTutorial
    {
        /// <summary>The block's world matrix: translate(-origin), scale, rotate, translate(position).</summary>
        public static XnaMatrix BlockTransform(float x, float y, float rotation, float scale, float originX, float originY)
        {
            return XnaMatrix.CreateTranslation(-originX, -originY) * XnaMatrix.CreateScale(scale, scale) *
                   XnaMatrix.CreateRotationZ(rotation) * XnaMatrix.CreateTranslation(x, y);
        }

        /// <summary>The tutorial's IntersectPixels with two matrices: does any non-transparent pixel of A,
        /// mapped into B and rounded to the nearest pixel, land on a non-transparent pixel of B.</summary>
        public static bool IntersectPixels(XnaMatrix transformA, int widthA, int heightA, byte[] alphaA,
                                           XnaMatrix transformB, int widthB, int heightB, byte[] alphaB)
        {
            // Calculate a matrix which transforms from A's local space into world space and then into
            // B's local space.
            XnaMatrix transformAToB = transformA * XnaMatrix.Invert(transformB);

            // When a point moves in A's local space, it moves in B's local space with a fixed direction
            // and distance proportional to the movement in A.
            float stepXx, stepXy, stepYx, stepYy;
            transformAToB.TransformNormal(1, 0, out stepXx, out stepXy);
            transformAToB.TransformNormal(0, 1, out stepYx, out stepYy);

            // Calculate the top left corner of A in B's local space.
            float yPosInBx, yPosInBy;
            transformAToB.Transform(0, 0, out yPosInBx, out yPosInBy);

            for (int yA = 0; yA < heightA; yA++)
            {
                float posInBx = yPosInBx, posInBy = yPosInBy;
                for (int xA = 0; xA < widthA; xA++)
                {
                    // Round to the nearest pixel.
                    int xB = (int)Math.Round(posInBx);
                    int yB = (int)Math.Round(posInBy);

                    // If the pixel lies within the bounds of B.
                    if (0 <= xB && xB < widthB && 0 <= yB && yB < heightB)
                    {
                        byte colorA = alphaA[xA + yA * widthA];
                        byte colorB = alphaB[xB + yB * widthB];
                        // If both pixels are not completely transparent, an intersection is found.
                        if (colorA != 0 && colorB != 0) return true;
                    }
                    posInBx += stepXx;
                    posInBy += stepXy;
                }
                yPosInBx += stepYx;
                yPosInBy += stepYy;
            }
            return false;
        }

        /// <summary>The tutorial's CalculateBoundingRectangle: the axis-aligned bounds of the four
        /// transformed corners, as integers (XNA's Rectangle), for the prefilter.</summary>
        public static void BoundingRectangle(int width, int height, XnaMatrix t, out int left, out int top, out int right, out int bottom)
        {
            float x0, y0, x1, y1, x2, y2, x3, y3;
            t.Transform(0, 0, out x0, out y0);
            t.Transform(width, 0, out x1, out y1);
            t.Transform(0, height, out x2, out y2);
            t.Transform(width, height, out x3, out y3);
            left = (int)Math.Min(Math.Min(x0, x1), Math.Min(x2, x3));
            top = (int)Math.Min(Math.Min(y0, y1), Math.Min(y2, y3));
            right = (int)Math.Max(Math.Max(x0, x1), Math.Max(x2, x3));
            bottom = (int)Math.Max(Math.Max(y0, y1), Math.Max(y2, y3));
        }
    }
}

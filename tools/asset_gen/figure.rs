//! `figure.png`: the player.

use image::{Rgba, RgbaImage};

use super::draw::{hex, paint_map, CLEAR};

/// The player, 32 x 48, lit from the top left; opaque bounds are x 6..=25, y 0..=47.
const FIGURE: [&str; 48] = [
    "............oooooooo............",
    "..........oohHHHhhhhoo..........",
    ".........ohHHHhhhhhhhdo.........",
    "........ohHHhhhhhhhhhhdo........",
    "........ohHhhhhhhhhhhhdo........",
    "........ohhhhhhhhhhhhddo........",
    "........ohhsssshhhsssddo........",
    "........ohsssssssssssSdo........",
    "........ohsswesssswesSdo........",
    "........ohsseesssseesSdo........",
    "........ohsrrssssssrrSdo........",
    "........ohsssssmmssssSdo........",
    ".........ossssssssssSSo.........",
    "..........ooooSSSSoooo..........",
    "........oooooossSSoooooo........",
    ".......oLLtttttsStttttTTo.......",
    "......oLLLttttttttttttTTTo......",
    "......oLttoLtttttttTTottTo......",
    "......oLttoLtttttttTTottTo......",
    "......oLttoLtttttttTTottTo......",
    "......oTTToLtttttttTToTTTo......",
    "......ossSoLtttttttTTosSSo......",
    "......ossSoLtttttttTTosSSo......",
    "......ossSoLtttttttTTosSSo......",
    "......ossSoLtttttttTTosSSo......",
    "......ossSoLtttttttTTosSSo......",
    "......ossSoLtttttttTTosSSo......",
    "......ossSoTTTTTTTTTTosSSo......",
    "......ossSobbbbggbbbbosSSo......",
    "......osSSoQpppppppPPoSSSo......",
    ".......ooooQpppppppPPoooo.......",
    "..........oQpppppppPPo..........",
    "..........oQpppppppPPo..........",
    "..........oQppooooppPo..........",
    "..........oQppo..oppPo..........",
    "..........oQppo..oppPo..........",
    "..........oQppo..oppPo..........",
    "..........oQppo..oppPo..........",
    "..........oQppo..oppPo..........",
    "..........oQppo..oppPo..........",
    "..........oQppo..oppPo..........",
    "..........oQppo..oppPo..........",
    "..........oPPPo..oPPPo..........",
    ".........okkkko..okkkko.........",
    "........okkkkKo..okkkkKo........",
    "........okkkKKo..okkkKKo........",
    "........ozzzzzo..ozzzzzo........",
    "........ooooooo..ooooooo........",
];

fn figure_colour(c: char) -> Rgba<u8> {
    hex(match c {
        'o' => 0x221a33, // outline
        'h' => 0x7a4420, // hair
        'H' => 0xa86a34, // hair, lit
        'd' => 0x552f1a, // hair, shaded
        's' => 0xf7c9a2, // skin
        'S' => 0xdc9c78, // skin, shaded
        'r' => 0xf29a8c, // cheeks
        'e' => 0x221a33, // eyes
        'w' => 0xffffff, // eye glint
        'm' => 0xb04a4a, // mouth
        't' => 0x3fc95a, // shirt
        'L' => 0x7de88a, // shirt, lit
        'T' => 0x279445, // shirt, shaded
        'b' => 0x4a2e1c, // belt
        'g' => 0xf0d060, // buckle
        'p' => 0x564a9c, // trousers
        'Q' => 0x746ac0, // trousers, lit
        'P' => 0x3a3070, // trousers, shaded
        'k' => 0xf4f4fa, // shoes
        'K' => 0xb8b8cc, // shoes, shaded
        'z' => 0x8a7a9a, // soles
        _ => panic!("figure map uses an unknown colour {c:?}"),
    })
}

pub(super) fn figure() -> RgbaImage {
    let mut image = RgbaImage::from_pixel(32, 48, CLEAR);
    paint_map(&mut image, 0, 0, &FIGURE, figure_colour);
    image
}

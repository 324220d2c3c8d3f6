// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// A one-owner smart account for tests. ERC-1271: a signature is valid when the owner made it
/// over the hash (an EIP-191 `personal_sign` by the owner recovers to the owner).
contract TestSmartAccount {
    bytes4 private constant MAGIC = 0x1626ba7e;
    address public owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        if (v < 27) v += 27;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC : bytes4(0xffffffff);
    }
}

/// Deploys accounts at CREATE2 addresses, so an ERC-6492 signature can carry the deployment
/// of an account that does not exist yet.
contract TestSmartAccountFactory {
    function deploy(address owner, bytes32 salt) external returns (address account) {
        account = address(new TestSmartAccount{salt: salt}(owner));
    }

    function accountAddress(address owner, bytes32 salt) external view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(TestSmartAccount).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash)))));
    }
}
